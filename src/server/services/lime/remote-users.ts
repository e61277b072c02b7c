import { and, eq, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { usersNl } from '../../../shared/i18n/users';
import { limeCaller, openConnection } from './connection';
import { LimeFailure, LimeSession } from './rpc';

const t = usersNl.limeTab;

/** One row of RemoteControl's list_users (the user's attributes without the password). */
interface LsUser { uid: string | number; users_name: string; full_name: string | null; email: string | null }

/** list_users needs a superadmin in LimeSurvey; anyone else gets this status. */
const DENIED = /permission denied|no permission/i;

/**
 * The users of a LimeSurvey installation through an open session: null when the connection's
 * LimeSurvey user may not list them (not a superadmin). `uid` asks for one user; an unknown one is
 * an empty list.
 */
export async function remoteUsers(s: LimeSession, uid?: number) {
  const params = uid === undefined ? [] : [uid];
  try {
    const list = await s.call<LsUser[]>('list_users', params, /no users found|invalid user id/i);
    return (list ?? []).map((u) => ({ uid: Number(u.uid), username: String(u.users_name), full_name: u.full_name ?? '', email: u.email ?? '' }));
  } catch (err) {
    if (err instanceof LimeFailure && DENIED.test(err.detail)) return null;
    throw err;
  }
}

/**
 * GET user/{id}/lime/users ('LimeSurvey koppeling' tab): the LimeSurvey users of the connection of
 * the user's company to choose from, each with the portal user already coupled to it (same
 * company). No connection: `connected: false`; a connection user without the right to list users:
 * `users: null` (the tab then asks for the id).
 */
export async function listRemoteUsers(ctx: UserServiceContext, companyId: number | null) {
  const conn = companyId === null ? null : await openConnection(ctx.db, ctx.config.totpEncryptionKey, { companyId });
  if (!conn) return { connected: false, users: null };
  const list = await LimeSession.with(conn, limeCaller(ctx, companyId, 'lime.users.list'), (s) => remoteUsers(s));
  if (!list) return { connected: true, users: null };
  const coupled = await ctx.db
    .select({ id: users.id, fullname: users.fullname, limeUserId: users.limeUserId })
    .from(users)
    .where(and(eq(users.companyId, companyId!), isNull(users.deletedAt)));
  return {
    connected: true,
    users: list.map((u) => {
      const portal = coupled.find((p) => p.limeUserId === u.uid);
      return { ...u, portal_user: portal ? { id: portal.id, fullname: portal.fullname } : null };
    }),
  };
}

/**
 * Before a coupling is stored: with a connection, the id must exist in that installation (422 at
 * the field otherwise). Without a connection, or when LimeSurvey doesn't let the connection's user
 * list users, the id is taken as given.
 */
export async function checkRemoteUser(ctx: UserServiceContext, companyId: number | null, uid: number) {
  const conn = companyId === null ? null : await openConnection(ctx.db, ctx.config.totpEncryptionKey, { companyId });
  if (!conn) return;
  let found: Awaited<ReturnType<typeof remoteUsers>>;
  try {
    found = await LimeSession.with(conn, limeCaller(ctx, companyId, 'lime.users.check'), (s) => remoteUsers(s, uid));
  } catch (err) {
    if (err instanceof AppError) throw new AppError('VALIDATION', err.message, { uid: [err.message] });
    throw err;
  }
  if (found && !found.some((u) => u.uid === uid)) throw new AppError('VALIDATION', nl.validation, { uid: [t.unknownUid(uid)] });
}

/** The LimeSurvey user name of a portal user's coupling (list_surveys filters by name), or null. */
export async function coupledUsername(db: Db, s: LimeSession, userId: number): Promise<string | null> {
  const [me] = await db.select({ limeUserId: users.limeUserId }).from(users).where(eq(users.id, userId));
  if (!me?.limeUserId) return null;
  const found = await remoteUsers(s, me.limeUserId);
  if (!found) throw new AppError('VALIDATION', t.cannotList);
  const name = found.find((u) => u.uid === me.limeUserId)?.username;
  if (!name) throw new AppError('VALIDATION', t.unknownUid(me.limeUserId));
  return name;
}

/** The portal user of the company coupled to a LimeSurvey user id (the survey's owner), if any. */
export async function portalUserFor(db: Db, companyId: number, limeUserId: number | null): Promise<number | null> {
  if (!limeUserId) return null;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.limeUserId, limeUserId), isNull(users.deletedAt)))
    .limit(1);
  return row?.id ?? null;
}
