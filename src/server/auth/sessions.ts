import { and, eq, lt, type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { REPORT_INPUTS } from '../db/generations';
import { companyAdmins, dataGenerations, roles, sessions, userRoles, users } from '../db/schema';
import { generateToken, hashToken } from './tokens';

// Sliding expiry: a session lives 12 hours after its last use; it is extended at most once per
// 6 hours so that reads don't turn into writes on every request.
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
const SESSION_REFRESH_MS = SESSION_TTL_MS / 2;

export interface SessionUser {
  id: number;
  companyId: number | null;
  groupId: number;
  email: string;
  fullname: string;
  isRoot: boolean;
  isCompanyAdmin: boolean;
  roles: string[];
  mustChangePassword: boolean;
  mustEnable2fa: boolean;
  twoFactorConfirmed: boolean;
  /** Demo accounts (read-only): the moment their login ends; null for everyone else. */
  demoExpiresAt?: Date | null;
  /** Set when the request authenticated with a personal access token (Bearer), not a session. */
  tokenId?: number;
}

export interface SessionInfo {
  id: string;
  expiresAt: Date;
}

/**
 * A report access check that rides along in the session lookup (issue 20): its SQL column over
 * the joined `users` row, and how to read the value for the user built from that row (null: not
 * decided, ask findReport). The rule is the reports' own (services/reports/access.ts
 * `sessionReportAccess`); the session middleware hands it in with the report id.
 */
export interface ReportAccessRule {
  column(reportId: Placeholder): SQL<number>;
  read(user: SessionUser, value: number | null): boolean | null;
}

export interface ReportAccessAsk {
  reportId: number;
  rule: ReportAccessRule;
}

export interface SessionMeta {
  ip: string | null;
  userAgent: string | null;
}

export async function createSession(db: Db, userId: number, meta: SessionMeta, now = new Date()) {
  const { token, session, insert } = newSession(db, userId, meta, now);
  await insert;
  return { token, session };
}

/** createSession without running its insert (a query builder), for a request's write batch. */
export function newSession(db: Db, userId: number, meta: SessionMeta, now: Date) {
  const token = generateToken();
  const session = { id: hashToken(token), expiresAt: new Date(now.getTime() + SESSION_TTL_MS) };
  return { token, session, insert: db.insert(sessions).values({ ...session, userId, ip: meta.ip, userAgent: meta.userAgent }) };
}

/** The user columns of a request's identity: user, roles and company-admin flag in one select. */
export const identityColumns = {
  user: {
    id: users.id,
    companyId: users.companyId,
    groupId: users.groupId,
    email: users.email,
    fullname: users.fullname,
    isRoot: users.isRoot,
    mustChangePassword: users.mustChangePassword,
    mustEnable2fa: users.mustEnable2fa,
    twoFactorConfirmedAt: users.twoFactorConfirmedAt,
    demoExpiresAt: users.demoExpiresAt,
  },
  roles: sql<string>`(select coalesce(json_group_array(${roles.name}), '[]') from ${userRoles}
    join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${users.id})`.as('identity_roles'),
  isCompanyAdmin: sql<number>`exists(select 1 from ${companyAdmins}
    where ${companyAdmins.userId} = ${users.id} and ${companyAdmins.companyId} = ${users.companyId})`.as('identity_company_admin'),
};
// (Aliased: without a name the database sends each subquery's whole SQL text back as its column
// name, on every request.)

/** An active account: not deleted and, for demo accounts, not past its end. */
export function activeAccount(now: Date) {
  return sql`${users.deletedAt} is null and (${users.demoExpiresAt} is null or ${users.demoExpiresAt} > ${now.getTime()})`;
}

type IdentityRow = { user: { twoFactorConfirmedAt: Date | null } & Omit<SessionUser, 'isCompanyAdmin' | 'roles' | 'twoFactorConfirmed' | 'tokenId'>; roles: string; isCompanyAdmin: number };

export function toSessionUser(row: IdentityRow): SessionUser {
  const { twoFactorConfirmedAt, ...user } = row.user;
  return {
    ...user,
    isCompanyAdmin: Boolean(row.isCompanyAdmin),
    roles: (JSON.parse(row.roles) as (string | null)[]).filter((r): r is string => r !== null).sort(),
    twoFactorConfirmed: twoFactorConfirmedAt !== null,
  };
}

/**
 * The session lookup as ONE column: `json_array(…)` of the session's expiry, the user's columns,
 * roles, company-admin flag, data generation and report access (issue 20: per-request CPU). The
 * client decodes each column of a row into two properties with `Object.defineProperty` and drizzle
 * maps each through its column (`is`, `mapResultRow`); for the 14 columns of the floor's one row
 * that was ~10 % of its Worker JavaScript, and one JSON text parsed natively costs a fraction.
 * Same SQL conditions and values as before; `unpackSession` maps it by position (order below).
 */
function sessionLookup(db: Db, rule: ReportAccessRule | null) {
  const packed = sql<string>`json_array(${sessions.expiresAt}, ${users.id}, ${users.companyId}, ${users.groupId},
    ${users.email}, ${users.fullname}, ${users.isRoot}, ${users.mustChangePassword}, ${users.mustEnable2fa},
    ${users.twoFactorConfirmedAt}, ${users.demoExpiresAt},
    json((select coalesce(json_group_array(${roles.name}), '[]') from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${users.id})),
    exists(select 1 from ${companyAdmins} where ${companyAdmins.userId} = ${users.id} and ${companyAdmins.companyId} = ${users.companyId}),
    (select ${dataGenerations.n} from ${dataGenerations} where ${dataGenerations.name} = ${REPORT_INPUTS}),
    ${rule ? rule.column(sql.placeholder('reportId')) : sql`null`})`;
  // (The report data generation is a primary-key read riding along: a cached report data answer
  // then needs only its access check, and the access check rides along too (reports/access.ts):
  // a cached answer costs this one round trip.)
  return db
    .select({ packed: packed.as('session_row') })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), sql`${users.deletedAt} is null and (${users.demoExpiresAt} is null or ${users.demoExpiresAt} > ${sql.placeholder('now')})`))
    .limit(1)
    .prepare();
}

type Packed = [number, number, number | null, number, string, string, number, number, number, number | null, number | null, (string | null)[], number, number | null, number | null];

/** sessionLookup's row as drizzle would have mapped it (booleans from 0/1, timestamps in ms to Dates). */
export function unpackSession(text: string): { expiresAt: Date; user: SessionUser; dataGeneration: number | null; reportAccess: number | null } {
  const [expiresAt, id, companyId, groupId, email, fullname, isRoot, mustChangePassword, mustEnable2fa, twoFactorConfirmedAt, demoExpiresAt, roles, isCompanyAdmin, dataGeneration, reportAccess] = JSON.parse(text) as Packed;
  const user: SessionUser = {
    id,
    companyId,
    groupId,
    email,
    fullname,
    isRoot: isRoot === 1,
    mustChangePassword: mustChangePassword === 1,
    mustEnable2fa: mustEnable2fa === 1,
    demoExpiresAt: demoExpiresAt === null ? null : new Date(demoExpiresAt),
    isCompanyAdmin: Boolean(isCompanyAdmin),
    roles: roles.filter((r): r is string => r !== null).sort(),
    twoFactorConfirmed: twoFactorConfirmedAt !== null,
  };
  return { expiresAt: new Date(expiresAt), user, dataGeneration, reportAccess };
}

// The lookup's SQL is built once per database object (per isolate in the Worker), not per request:
// one without and one with the report access check (one rule in the portal).
const lookups = new WeakMap<Db, Map<ReportAccessRule | null, ReturnType<typeof sessionLookup>>>();

export interface ValidatedSession {
  session: SessionInfo;
  user: SessionUser;
  dataGeneration: number | null;
  /** The expiry moved (sliding, at most once per 6 hours): the cookie needs it too. */
  refreshed: boolean;
  /** With `report`: whether the user may see that report (findReport's rule), null when not asked or not decided. */
  reportAccess: { reportId: number; visible: boolean } | null;
}

/**
 * The one lookup per request: session, user, roles and company-admin flag in a single prepared
 * query (the same condition as `activeAccount`), plus the report data generation at that moment,
 * and with `report` whether the user may see that report.
 */
export async function validateSessionToken(db: Db, token: string, now = new Date(), report: ReportAccessAsk | null = null): Promise<ValidatedSession | null> {
  const id = hashToken(token);
  let prepared = lookups.get(db);
  if (!prepared) lookups.set(db, (prepared = new Map()));
  const rule = report?.rule ?? null;
  let lookup = prepared.get(rule);
  if (!lookup) prepared.set(rule, (lookup = sessionLookup(db, rule)));
  const reportId = report?.reportId ?? null;
  const [row] = (await lookup.values({ id, now: now.getTime(), reportId })) as [string][];
  if (!row) return null;
  const { user, dataGeneration, reportAccess, ...found } = unpackSession(row[0]);

  let expiresAt = found.expiresAt;
  if (expiresAt.getTime() <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  const refreshed = expiresAt.getTime() - now.getTime() < SESSION_REFRESH_MS;
  if (refreshed) {
    expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
  }
  const visible = report === null ? null : report.rule.read(user, reportAccess);
  return { session: { id, expiresAt }, user, dataGeneration, refreshed, reportAccess: visible === null ? null : { reportId: report!.reportId, visible } };
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function invalidateUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Cron: remove sessions that ran out. */
export async function deleteExpiredSessions(db: Db, now = new Date()): Promise<number> {
  const result = await db.delete(sessions).where(lt(sessions.expiresAt, now));
  return result.rowsAffected;
}
