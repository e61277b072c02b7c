import { useState, type SubmitEvent } from 'react';
import { ApiError, api } from '../../shared/api-client';
import { reportViewNl } from '../../shared/i18n/report-view';
import { renderMarkdown } from '../../shared/markdown';
import { useHydrated } from '../use-hydrated';
import { $requestBenchmarks } from './report.store';
import { DATA_TIMEOUT_MS, dataPath } from './use-report-data';

const t = reportViewNl.summary;
const PROMPT_MAX = 2000;

interface AiAnswer {
  text: string;
  source: string;
}

/** The AI assistant (spec 000 §1): a prompt with an optional topic over the current benchmarks' data. */
export function AiAssistant({ reportId, lang }: { reportId: number; lang: string }) {
  const hydrated = useHydrated();
  const [prompt, setPrompt] = useState('');
  const [topic, setTopic] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<AiAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function ask(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    if (prompt.length > PROMPT_MAX) return setError(t.promptMax);
    setBusy(true);
    setError(null);
    try {
      const body = { benchmarks: $requestBenchmarks.get(), askAi: true, aiInput: prompt.trim() || undefined, topic: topic.trim() || undefined };
      const res = await api<{ data: { ai?: AiAnswer } }>('POST', dataPath(reportId, lang), { body, timeoutMs: DATA_TIMEOUT_MS });
      setAnswer(res.data.ai ?? null);
      if (!res.data.ai) setError(t.noAnswer);
    } catch (err) {
      if (err instanceof ApiError && !err.cancelled) setError(err.errors.aiInput?.[0] ?? err.errors.topic?.[0] ?? err.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow" aria-labelledby="ai-title">
      <h2 id="ai-title" className="text-lg font-semibold">{t.assistant}</h2>
      <p className="text-sm text-gray-700">{t.assistantIntro}</p>
      <form method="post" className="flex flex-col gap-2" onSubmit={ask} noValidate>
        <label className="flex flex-col gap-1 text-sm">
          {t.prompt}
          <textarea className="min-h-24 rounded border border-gray-300 px-2 py-1" value={prompt} maxLength={PROMPT_MAX} onChange={(e) => setPrompt(e.target.value)} aria-describedby="ai-counter" aria-invalid={!!error} />
          <span id="ai-counter" className="self-end text-xs text-gray-600">{prompt.length}/{PROMPT_MAX}</span>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {t.topic}
          <input className="rounded border border-gray-300 px-2 py-1" value={topic} maxLength={191} onChange={(e) => setTopic(e.target.value)} />
        </label>
        {error && <p className="text-sm text-red-700" role="alert">{error}</p>}
        <button type="submit" className="self-start rounded bg-brand px-4 py-2 text-white disabled:opacity-50" disabled={!hydrated || busy} aria-busy={busy}>{busy ? t.asking : t.ask}</button>
      </form>
      {answer && (
        <div className="flex flex-col gap-1 border-t border-gray-200 pt-3" data-testid="ai-answer" aria-live="polite">
          <div className="report-text max-w-none text-sm" dangerouslySetInnerHTML={{ __html: renderMarkdown(answer.text) }} />
          <p className="text-xs text-gray-600">{t.source(answer.source)}</p>
        </div>
      )}
    </section>
  );
}
