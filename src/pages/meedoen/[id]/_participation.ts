import type { AstroCookies } from 'astro';
import { FORM_CSRF_FIELD, formCsrfValid } from '../../../server/auth/form-csrf';
import { requestMeta } from '../../../server/auth/request-meta';
import { clearRespondentCookie, isResumeKey, readRespondentCookie, writeRespondentCookie } from '../../../server/auth/respondent-cookie';
import { hashToken } from '../../../server/auth/tokens';
import type { ServiceContext } from '../../../server/context';
import { AppError } from '../../../server/errors';
import { enterCode } from '../../../server/services/participate/enter-code';
import { submitParticipation, viewParticipation, type Action } from '../../../server/services/participate/respond';
import { formFields } from '../../../server/services/participate/read-answers';
import type { ParticipateView } from '../../../server/services/participate/views';
import { participateNl } from '../../../shared/i18n/participate';

/** Bodies above this are refused before reading (file questions allow 10 MB per file by default). */
const MAX_BODY = 25 * 1024 * 1024;
const ACTIONS = new Set<Action>(['start', 'prev', 'next', 'submit', 'lang']);

export type PageResult = { redirect: true } | { redirect?: false; view: ParticipateView; status: number; message?: string };

/**
 * The transport side of /meedoen/{id}: the respondent's cookie, codes in links (?code=, resume
 * links ?hervat=), the CSRF field, form parsing and throttling answers. Services decide the rest.
 */
export async function handleParticipation(ctx: ServiceContext, request: Request, cookies: AstroCookies, surveyId: number): Promise<PageResult> {
  const params = new URL(request.url).searchParams;
  const ip = requestMeta(request).ip;
  let cred = readRespondentCookie(cookies, surveyId);
  const view = async (message?: string, status = 200): Promise<PageResult> => ({ view: await viewParticipation(ctx, surveyId, cred, { resumeUrl: resumeUrl(request, surveyId, cred) }), status, message });
  try {
    if (request.method !== 'POST') {
      const linked = params.get('code');
      if (linked) return await useCode(linked);
      const resume = params.get('hervat') ?? '';
      if (isResumeKey(resume)) {
        writeRespondentCookie(cookies, surveyId, { kind: 'key', key: resume });
        return { redirect: true };
      }
      return { view: await viewParticipation(ctx, surveyId, cred, { lang: params.get('lang'), resumeUrl: resumeUrl(request, surveyId, cred) }), status: 200 };
    }
    if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY) return view(participateNl.validation.tooLarge, 413);
    const form = await request.formData().catch(() => null);
    if (!form) return view(participateNl.validation.tooLarge, 400);
    if (!formCsrfValid(request, cookies, form.get(FORM_CSRF_FIELD))) return view(participateNl.validation.csrf, 403);
    if (form.has('code')) return await useCode(String(form.get('code') ?? ''));
    const action = String(form.get('action') ?? 'next') as Action;
    const result = await submitParticipation(ctx, surveyId, cred, {
      action: ACTIONS.has(action) ? action : 'next',
      page: Number.parseInt(String(form.get('page') ?? ''), 10),
      lang: typeof form.get('lang') === 'string' ? String(form.get('lang')) : null,
      fields: formFields(form),
      files: (key) => form.getAll(key).filter((f): f is File => f instanceof File),
      shown: new Set(String(form.get('shown') ?? '').split(/\s+/).filter(Boolean)),
      ip,
    });
    if (result.newKey) {
      writeRespondentCookie(cookies, surveyId, { kind: 'key', key: result.newKey });
      cred = { kind: 'key', key: result.newKey, hash: hashToken(result.newKey) };
    }
    if (result.kind === 'redirect') return { redirect: true };
    if (result.clearCredential) clearRespondentCookie(cookies, surveyId);
    return { view: result.view, status: result.status };
  } catch (err) {
    if (err instanceof AppError && err.code === 'THROTTLED') return { view: { kind: 'code', surveyId, error: err.message, code: '' }, status: 429 };
    throw err;
  }

  async function useCode(code: string): Promise<PageResult> {
    const result = await enterCode(ctx, { code, surveyId, ip });
    if (!result.ok) return { view: { kind: 'code', surveyId, error: result.message, code }, status: 422 };
    writeRespondentCookie(cookies, surveyId, { kind: 'token', token: result.token });
    return { redirect: true };
  }
}

function resumeUrl(request: Request, surveyId: number, cred: ReturnType<typeof readRespondentCookie>): string | null {
  return cred?.kind === 'key' ? `${new URL(request.url).origin}/portal/meedoen/${surveyId}?hervat=${cred.key}` : null;
}
