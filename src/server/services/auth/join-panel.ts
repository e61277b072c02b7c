import type { SessionMeta } from '../../auth/sessions';
import { consumeAttempt, THROTTLES } from '../../auth/throttle';
import { panelUsers } from '../../db/schema';
import type { ServiceContext, UserServiceContext } from '../../context';
import { accountMessages, type PanelRegisterInput, type PanelTokenInput } from '../../../shared/validation/auth';
import { GROUPS, PANEL_MEMBER_ROLES } from '../../../shared/permissions';
import { createAccount } from './create-account';
import { findPanelByToken, publicPanel } from './find-panel-by-token';
import { startSession } from './start-session';

/** POST panel (spec 000 §7): token → panel, so the page can show what the user joins. */
export async function showPanelForToken(ctx: ServiceContext, input: PanelTokenInput, meta: SessionMeta) {
  await consumeAttempt(ctx.db, THROTTLES.tokenIp, meta.ip, ctx.now);
  return publicPanel(await findPanelByToken(ctx, input.token));
}

/** /login/panel/:token after the login: the signed-in user joins the panel (idempotent). */
export async function joinPanel(ctx: UserServiceContext, input: PanelTokenInput, meta: SessionMeta) {
  await consumeAttempt(ctx.db, THROTTLES.tokenIp, meta.ip, ctx.now);
  const panel = await findPanelByToken(ctx, input.token);
  await ctx.db.insert(panelUsers).values({ panelId: panel.id, userId: ctx.user.id }).onConflictDoNothing();
  return publicPanel(panel);
}

/** POST panel/register: a respondent account (panels and own account only), member of the panel. */
export async function registerForPanel(ctx: ServiceContext, input: PanelRegisterInput, meta: SessionMeta) {
  await consumeAttempt(ctx.db, THROTTLES.tokenIp, meta.ip, ctx.now);
  const panel = await findPanelByToken(ctx, input.token);
  const userId = await createAccount(
    ctx.db,
    { companyId: panel.companyId, groupId: GROUPS.Gebruiker, email: input.email, fullname: input.fullname, password: input.password, roles: PANEL_MEMBER_ROLES, panelId: panel.id },
    ctx.now,
    accountMessages.emailTaken,
  );
  return { panel: publicPanel(panel), ...(await startSession(ctx.db, userId, meta, ctx.now)) };
}
