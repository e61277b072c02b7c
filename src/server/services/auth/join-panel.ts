import type { SessionMeta } from '../../auth/sessions';
import { consumeAttempt, THROTTLES } from '../../auth/throttle';
import { panelUsers } from '../../db/schema';
import type { ServiceContext, UserServiceContext } from '../../context';
import { accountMessages, type PanelRegisterInput, type PanelTokenInput } from '../../../shared/validation/auth';
import { GROUPS, PANEL_MEMBER_ROLES } from '../../../shared/permissions';
import { createAccount } from './create-account';
import { findPanelByToken, publicPanel } from './find-panel-by-token';
import { startSession } from './start-session';
import { AppError, nl } from '../../errors';
import { checkAnswers } from '../../../shared/validation/panels';
import { fieldedSurveyIds, writeWithCubes } from '../panels/panel-cubes';

/** POST panel (spec 000 §7): token → panel, so the page can show what the user joins. */
export async function showPanelForToken(ctx: ServiceContext, input: PanelTokenInput, meta: SessionMeta) {
  await consumeAttempt(ctx.db, THROTTLES.tokenIp, meta.ip, ctx.now);
  return publicPanel(ctx, await findPanelByToken(ctx, input.token));
}

/** /login/panel/:token after the login: the signed-in user joins the panel (idempotent). */
export async function joinPanel(ctx: UserServiceContext, input: PanelTokenInput, meta: SessionMeta) {
  await consumeAttempt(ctx.db, THROTTLES.tokenIp, meta.ip, ctx.now);
  const panel = await findPanelByToken(ctx, input.token);
  await ctx.db.insert(panelUsers).values({ panelId: panel.id, userId: ctx.user.id }).onConflictDoNothing();
  return publicPanel(ctx, panel);
}

/**
 * POST panel/register: a respondent account (panels and own account only), member of the panel,
 * with the panel's required background fields (`data`, checked per field type before anything is written).
 */
export async function registerForPanel(ctx: ServiceContext, input: PanelRegisterInput, meta: SessionMeta) {
  await consumeAttempt(ctx.db, THROTTLES.tokenIp, meta.ip, ctx.now);
  const panel = await findPanelByToken(ctx, input.token);
  const shown = await publicPanel(ctx, panel);
  const checked = checkAnswers(shown.fields, input.data ?? {});
  if (checked.errors) throw new AppError('VALIDATION', nl.validation, checked.errors);
  const userId = await createAccount(
    ctx.db,
    { companyId: panel.companyId, groupId: GROUPS.Panellid, email: input.email, fullname: input.fullname, password: input.password, roles: PANEL_MEMBER_ROLES, panelId: panel.id },
    ctx.now,
    accountMessages.emailTaken,
  );
  if (checked.rows.length) {
    const t = ctx.now.getTime();
    const rows = checked.rows.map((r) => ({ sql: 'insert into panel_answers (panel_field_id, user_id, option_id, value, created_at, updated_at) values (?, ?, ?, ?, ?, ?)', args: [r.fieldId, userId, r.optionId, r.value, t, t] }));
    await writeWithCubes(ctx.db, ctx.jobs, rows, await fieldedSurveyIds(ctx.db, panel.id), ctx.now);
  }
  return { panel: shown, ...(await startSession(ctx.db, userId, meta, ctx.now, `Aangemeld bij panel '${panel.name}' en ingelogd`)) };
}
