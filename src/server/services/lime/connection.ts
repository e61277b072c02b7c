import { eq } from 'drizzle-orm';
import { openSecret, sealSecret } from '../../auth/secret-box';
import type { UserServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { limeConnections, limeSurveyLinks } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { surveysNl } from '../../../shared/i18n/surveys';
import type { LimeConnectionInput } from '../../../shared/validation/lime';
import { requireSurveyRole } from '../surveys/scope';
import { auditRow } from '../audit/audit-row';
import { limeAddressAllowed } from './address';
import { LimeSession, type LimeCaller } from './rpc';

/** The caller of a LimeSurvey call made for a signed-in user (address rule and audit row). */
export const limeCaller = (ctx: UserServiceContext, companyId: number | null, action: string): LimeCaller => ({ appEnv: ctx.config.appEnv, db: ctx.db, userId: ctx.user.id, companyId, action });

/** The company whose LimeSurvey connection a user manages: their own (root users: theirs too). */
export function connectionCompany(ctx: UserServiceContext): number {
  requireSurveyRole(ctx.user, 'survey.edit');
  if (ctx.user.companyId === null) throw new AppError('FORBIDDEN', nl.forbidden);
  return ctx.user.companyId;
}

/** The connection row with its password opened (server side only; never sent to a browser). */
export async function openConnection(db: Db, key: string | undefined, where: { companyId?: number; id?: number }) {
  const [row] = await db.select().from(limeConnections).where(where.id !== undefined ? eq(limeConnections.id, where.id) : eq(limeConnections.companyId, where.companyId!));
  if (!row) return null;
  return { ...row, password: await openSecret(row.passwordSealed, key) };
}

export const presentConnection = (row: typeof limeConnections.$inferSelect | null) =>
  row && { url: row.url, username: row.username, has_password: true, last_checked_at: row.lastCheckedAt?.toISOString() ?? null, last_error: row.lastError };

/** GET survey/lime: the company's connection without its password (null: none yet). */
export async function getConnection(ctx: UserServiceContext) {
  const companyId = connectionCompany(ctx);
  const [row] = await ctx.db.select().from(limeConnections).where(eq(limeConnections.companyId, companyId));
  return presentConnection(row ?? null);
}

/**
 * PUT survey/lime: saves the connection after logging in with it once (get_session_key, then
 * release_session_key), so a wrong URL or password is refused in Dutch and nothing is stored.
 * The password is sealed with AES-GCM (auth/secret-box.ts, the two-factor secrets' key); left
 * empty on a change, the stored one is kept. The address must pass the coupling's rules
 * (address.ts: https, loopback only in development/test); any failure of the installation is the
 * one uniform Dutch error (rpc.ts), with the detail in the audit trail. Saving is audited too.
 */
export async function saveConnection(ctx: UserServiceContext, input: LimeConnectionInput) {
  const companyId = connectionCompany(ctx);
  const current = await openConnection(ctx.db, ctx.config.totpEncryptionKey, { companyId });
  const password = input.password || current?.password;
  if (!password) throw new AppError('VALIDATION', nl.validation, { password: [surveysNl.lime.passwordRequired] });
  if (!limeAddressAllowed(input.url, ctx.config.appEnv)) throw new AppError('VALIDATION', nl.validation, { url: [surveysNl.lime.badUrl] });
  try {
    await LimeSession.with({ id: current?.id, url: input.url, username: input.username, password }, limeCaller(ctx, companyId, 'lime.connection.save'), async () => undefined);
  } catch (err) {
    // Shown at the form's URL field: the same sentence whatever the installation did.
    if (err instanceof AppError) throw new AppError('VALIDATION', err.message, { url: [err.message] });
    throw err;
  }
  const values = { url: input.url, username: input.username, passwordSealed: await sealSecret(password, ctx.config.totpEncryptionKey), lastCheckedAt: ctx.now, lastError: null };
  const [[row]] = await ctx.db.batch([
    ctx.db.insert(limeConnections).values({ companyId, ...values }).onConflictDoUpdate({ target: limeConnections.companyId, set: values }).returning(),
    auditRow(ctx, { action: current ? 'lime.connection.update' : 'lime.connection.create', resource: 'lime_connection', resourceId: current?.id ?? null, companyId, summary: `LimeSurvey-koppeling opgeslagen: ${input.url} (gebruiker ${input.username})` }),
  ]);
  return presentConnection(row!);
}

/** DELETE survey/lime: removes the connection (and the survey links that fetch through it). */
export async function deleteConnection(ctx: UserServiceContext) {
  const companyId = connectionCompany(ctx);
  const [row] = await ctx.db.select({ id: limeConnections.id }).from(limeConnections).where(eq(limeConnections.companyId, companyId));
  if (!row) throw new AppError('NOT_FOUND', nl.notFound);
  await ctx.db.batch([
    ctx.db.delete(limeSurveyLinks).where(eq(limeSurveyLinks.connectionId, row.id)),
    ctx.db.delete(limeConnections).where(eq(limeConnections.id, row.id)),
    auditRow(ctx, { action: 'lime.connection.delete', resource: 'lime_connection', resourceId: row.id, companyId, summary: 'LimeSurvey-koppeling verwijderd' }),
  ]);
  return { deleted: true };
}
