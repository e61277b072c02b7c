import { useMemo, useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { usersNl } from '../../shared/i18n/users';
import { url } from '../../shared/urls';
import { UserInput } from '../../shared/validation/users';
import { buttonClass, CheckField, issuesToErrors, SelectField, TextField, type FieldErrors } from '../report-editor/fields';
import { useHydrated } from '../use-hydrated';
import { OnceSecret } from './OnceSecret';
import { useKeepEarlyInput } from '../early-input';

const t = usersNl.form;

interface Props {
  groups: { id: number; name: string }[];
  /** Root users choose the company; others create in their own (empty list). */
  companies: { id: number; name: string }[];
  /** Projects a demo account can be limited to, with their company. */
  projects: { id: number; title: string; company_id: number }[];
  initial: { company_id: number | null; group_id: number; demo: boolean };
  /** Group Beheerder: demo accounts; user.create: invitations. */
  canDemo: boolean;
  canInvite: boolean;
  defaultExpiry: string;
}

type Created = { id: number; fullname: string; password: string } | { invited: string };

/** /manage/user/new: a user with a generated password (shown once), a demo account, or an invitation. */
export default function NewUserForm({ groups, companies, projects, initial, canDemo, canInvite, defaultExpiry }: Props) {
  const keepInput = useKeepEarlyInput<HTMLFormElement>();
  const hydrated = useHydrated();
  const [mode, setMode] = useState<'password' | 'invite'>('password');
  const [demo, setDemo] = useState(initial.demo && canDemo);
  const [v, setV] = useState({ fullname: '', email: '', group_id: String(initial.group_id), company_id: String(initial.company_id ?? companies[0]?.id ?? ''), demo_expires_at: defaultExpiry });
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const set = (key: keyof typeof v) => (value: string) => setV((old) => ({ ...old, [key]: value }));
  const companyId = companies.length ? Number(v.company_id) : initial.company_id;
  const companyProjects = useMemo(() => projects.filter((p) => p.company_id === companyId), [projects, companyId]);

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = {
      fullname: v.fullname,
      email: v.email,
      ...(companies.length ? { company_id: Number(v.company_id) } : {}),
      ...(demo ? { demo_expires_at: v.demo_expires_at, project_ids: [...chosen] } : { group_id: Number(v.group_id) }),
    };
    const parsed = UserInput.safeParse(body);
    if (!parsed.success) return setErrors(issuesToErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      if (mode === 'invite' && !demo) {
        await api('POST', '/api/v2/invite', { body: { email: v.email, fullname: v.fullname, group_id: Number(v.group_id), ...(companies.length ? { company_id: Number(v.company_id) } : {}) } });
        setCreated({ invited: v.email });
      } else {
        const res = await api<{ data: { id: number; fullname: string; password: string } }>('POST', '/api/v2/user', { body });
        setCreated(res.data);
      }
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
    } finally {
      setBusy(false);
    }
  }

  if (created) {
    return (
      <div className="flex max-w-2xl flex-col gap-4">
        {'invited' in created ? (
          <p role="status" className="rounded border border-green-300 bg-green-50 p-4 text-black">{t.invited(created.invited)}</p>
        ) : (
          <>
            <h2 className="text-lg font-semibold">{t.createdTitle}</h2>
            <OnceSecret label={t.generatedPassword} value={created.password} note={demo ? t.passwordOnceDemo : t.passwordOnce} copyText={t.copy} copiedText={t.copied} />
            <a className={`${buttonClass} self-start`} href={url(`/manage/user/${created.id}/base`)}>{t.toUser}</a>
          </>
        )}
        <a className="self-start text-sm text-brand underline" href={url('/manage/user/new')}>{t.another}</a>
      </div>
    );
  }

  return (
    <form ref={keepInput} onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-4" aria-busy={busy}>
      {canDemo && <CheckField name="demo" label={t.demo} checked={demo} onChange={setDemo} />}
      {!demo && canInvite && (
        <fieldset className="flex flex-col gap-2 text-sm">
          <legend className="mb-1 font-medium">{t.intro}</legend>
          {(['password', 'invite'] as const).map((m) => (
            <label key={m} className="flex items-center gap-2">
              <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} />
              {m === 'password' ? t.modePassword : t.modeInvite}
            </label>
          ))}
        </fieldset>
      )}
      <TextField name="fullname" label={t.fullname} errors={errors} value={v.fullname} onChange={set('fullname')} />
      <TextField name="email" label={t.email} type="email" errors={errors} value={v.email} onChange={set('email')} />
      {companies.length > 0 && (
        <SelectField name="company_id" label={t.company} errors={errors} value={v.company_id} onChange={set('company_id')}>
          {companies.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
        </SelectField>
      )}
      {demo ? (
        <>
          <TextField name="demo_expires_at" label={t.expires} type="date" errors={errors} value={v.demo_expires_at} onChange={set('demo_expires_at')} />
          <fieldset className="flex flex-col gap-1 text-sm" aria-describedby={errors.project_ids ? 'project_ids-error' : undefined}>
            <legend className="mb-1 font-medium">{t.projects}</legend>
            {companyProjects.map((p) => (
              <label key={p.id} className="flex items-center gap-2">
                <input type="checkbox" checked={chosen.has(p.id)} onChange={(e) => setChosen((old) => { const next = new Set(old); if (e.target.checked) next.add(p.id); else next.delete(p.id); return next; })} />
                {p.title}
              </label>
            ))}
            {errors.project_ids && <span id="project_ids-error" className="text-red-700">{errors.project_ids[0]}</span>}
          </fieldset>
        </>
      ) : (
        <SelectField name="group_id" label={t.group} errors={errors} value={v.group_id} onChange={set('group_id')}>
          {groups.map((g) => <option key={g.id} value={g.id}>{g.name}</option>)}
        </SelectField>
      )}
      <button type="submit" disabled={!hydrated || busy} className={`${buttonClass} self-start`}>
        {mode === 'invite' && !demo ? t.submitInvite : t.submit}
      </button>
    </form>
  );
}
