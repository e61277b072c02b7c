import { useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { sharingNl } from '../../shared/i18n/sharing';
import { EmbedDomainsInput } from '../../shared/validation/sharing';
import { buttonClass, type FieldErrors } from '../report-editor/fields';
import { useHydrated } from '../use-hydrated';
import { useKeepEarlyInput } from '../early-input';

const t = sharingNl.embedDomains;

/** The organisation's websites that may embed its public reports (PUT company/{id}/embed). */
export default function EmbedDomainsForm({ companyId, initial }: { companyId: number; initial: string[] }) {
  const hydrated = useHydrated();
  const keepInput = useKeepEarlyInput<HTMLFormElement>();
  const [text, setText] = useState(initial.join('\n'));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const list = text.split(/[\n,]+/).map((d) => d.trim()).filter(Boolean);
    const parsed = EmbedDomainsInput.safeParse({ embed_domains: list });
    if (!parsed.success) return setErrors({ embed_domains: parsed.error.issues.map((i) => i.message) });
    setErrors({});
    setBusy(true);
    try {
      const r = await api<{ data: { embed_domains: string[] } }>('PUT', `/api/v2/company/${companyId}/embed`, { body: parsed.data });
      setText(r.data.embed_domains.join('\n'));
    } catch (err) {
      if (err instanceof ApiError) setErrors({ embed_domains: Object.values(err.errors).flat() });
    } finally {
      setBusy(false);
    }
  }
  const error = errors.embed_domains?.[0];
  return (
    <form ref={keepInput} onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-2" aria-busy={busy} aria-labelledby="embed-domains-title">
      <h2 id="embed-domains-title" className="font-semibold">{t.title}</h2>
      <p id="embed-domains-intro" className="text-sm text-gray-700">{t.intro}</p>
      <label htmlFor="embed_domains" className="text-sm font-medium">{t.label}</label>
      <textarea
        id="embed_domains"
        name="embed_domains"
        rows={4}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-describedby={error ? 'embed_domains-error embed-domains-intro' : 'embed-domains-intro'}
        aria-invalid={error ? true : undefined}
        className="w-full min-w-0 rounded border border-gray-400 bg-white px-2 py-1 font-mono text-sm"
      />
      {error && <span id="embed_domains-error" className="text-sm text-red-700">{error}</span>}
      {/* 'De websites zijn opgeslagen' comes as the API's alert. */}
      <button type="submit" disabled={!hydrated || busy} className={`${buttonClass} self-start`}>{t.save}</button>
    </form>
  );
}
