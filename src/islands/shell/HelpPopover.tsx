import { useEffect, useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../shared/api-client';
import { helpTexts } from '../../shared/i18n/shell';
import { site } from '../../shared/site';
import { url } from '../../shared/urls';
import { HelpQuestionInput } from '../../shared/validation/help';
import { Field } from '../auth/Field';
import { Dialog } from './Dialog';
import { RatingForm } from './RatingForm';
import type { ShellProps } from './types';

type HelpType = 'question' | 'project' | 'feedback';
type Errors = Record<string, string[]>;

const isMobile = () => window.matchMedia('(max-width: 1279.98px)').matches;

/**
 * Help popover (spec 000 §2.12): question / project / feedback. Defaults to a question on mobile
 * or outside the app, else to a project question. Validates lazily (after the first submit),
 * closes after a successful send (the toast says it was sent). Without a login only the helpdesk contacts and the FAQ are offered.
 */
export default function HelpPopover({ props, onClose, onFaq }: { props: ShellProps; onClose: () => void; onFaq: () => void }) {
  const initialType: HelpType = props.outside || isMobile() || !props.canPickProject ? 'question' : 'project';
  const blank = { name: props.user?.fullname ?? '', email: props.user?.email ?? '', question: '', project: '' };
  const [type, setType] = useState<HelpType>(initialType);
  const [values, setValues] = useState(blank);
  const [errors, setErrors] = useState<Errors>({});
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [projects, setProjects] = useState<{ id: number; title: string }[]>([]);

  useEffect(() => {
    if (!props.user || !props.canPickProject) return;
    api<{ data: { id: number; title: string }[] }>('GET', '/api/v2/project/index-items')
      .then((r) => setProjects(r.data))
      .catch(() => setProjects([]));
  }, [props.user, props.canPickProject]);

  const input = () => ({ type, ...values, project: values.project ? Number(values.project) : null, route: props.routeName });
  function check(next = input()): boolean {
    const result = HelpQuestionInput.safeParse(next);
    const found: Errors = {};
    if (!result.success) for (const issue of result.error.issues) (found[String(issue.path[0])] ??= []).push(issue.message);
    setErrors(found);
    return result.success;
  }
  const set = (key: keyof typeof blank, value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    // Lazy validation: only once the user tried to send.
    if (touched) check({ type, ...next, project: next.project ? Number(next.project) : null, route: props.routeName });
  };

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (!check()) return;
    setBusy(true);
    try {
      await api('POST', '/api/v2/question', { body: input() });
      // The success toast sits under the modal's top layer: close the popover so it is seen (and
      // nobody sends the question twice).
      onClose();
      return;
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.errors);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={helpTexts.title} onClose={onClose} className="w-[min(700px,95vw)] max-h-[80vh]">
      {!props.user ? (
        <div className="flex flex-col gap-3 text-sm">
          {site.bureaus.map((b) => (
            <p key={b.name}>
              <strong>Helpdesk {b.name}</strong>: <a className="underline" href={`mailto:${b.email}`}>{b.email}</a> · {b.phone}
            </p>
          ))}
          <button type="button" onClick={onFaq} className="self-start rounded px-3 py-2 text-brand underline">
            {helpTexts.faqButton}
          </button>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-gray-700">{helpTexts.intro}</p>
          <fieldset className="flex flex-wrap gap-4 text-sm">
            <legend className="mb-1 font-medium">{helpTexts.type}</legend>
            {(['project', 'question', 'feedback'] as const)
              .filter((t) => t !== 'project' || props.canPickProject)
              .map((t) => (
                <label key={t} className="flex items-center gap-2">
                  <input type="radio" name="help-type" value={t} checked={type === t} onChange={() => setType(t)} />
                  {helpTexts.types[t]}
                </label>
              ))}
          </fieldset>
          {type === 'feedback' ? (
            <RatingForm modal={false} onDone={onClose} />
          ) : (
            <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-label={helpTexts.title}>
              {type === 'project' && (
                <div className="flex flex-col gap-1">
                  <label htmlFor="help-project" className="text-sm font-medium">
                    {helpTexts.project}
                  </label>
                  <div className="flex flex-wrap items-center gap-2">
                    <select
                      id="help-project"
                      value={values.project}
                      onChange={(e) => set('project', e.target.value)}
                      aria-invalid={!!errors.project}
                      aria-describedby={errors.project ? 'help-project-error' : undefined}
                      className="min-w-0 flex-1 rounded border border-gray-400 bg-white px-3 py-2"
                    >
                      <option value="">{helpTexts.chooseProject}</option>
                      {projects.map((p) => (
                        <option key={p.id} value={p.id}>
                          {p.title}
                        </option>
                      ))}
                    </select>
                    {values.project && (
                      <a className="text-sm text-brand underline" href={url(`/project/${values.project}/messages`)}>
                        {helpTexts.toMessages}
                      </a>
                    )}
                  </div>
                  {errors.project && (
                    <p id="help-project-error" className="text-sm text-red-700">
                      {errors.project.join(', ')}
                    </p>
                  )}
                </div>
              )}
              <Field label={helpTexts.name} name="name" value={values.name} errors={errors.name} onChange={(e) => set('name', e.target.value)} autoComplete="name" />
              <Field label={helpTexts.email} name="email" type="email" value={values.email} errors={errors.email} onChange={(e) => set('email', e.target.value)} autoComplete="email" />
              <div className="flex flex-col gap-1">
                <label htmlFor="help-question" className="text-sm font-medium">
                  {helpTexts.question}
                </label>
                <textarea
                  id="help-question"
                  rows={5}
                  value={values.question}
                  onChange={(e) => set('question', e.target.value)}
                  aria-invalid={!!errors.question}
                  aria-describedby={errors.question ? 'help-question-error' : undefined}
                  className="rounded border border-gray-400 px-3 py-2"
                />
                {errors.question && (
                  <p id="help-question-error" className="text-sm text-red-700">
                    {errors.question.join(', ')}
                  </p>
                )}
              </div>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <button type="button" onClick={onFaq} className="rounded px-2 py-2 text-sm text-brand underline">
                  {helpTexts.faqButton}
                </button>
                <button type="submit" disabled={busy} className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60">
                  {busy ? helpTexts.sending : helpTexts.send}
                </button>
              </div>
            </form>
          )}
        </div>
      )}
    </Dialog>
  );
}
