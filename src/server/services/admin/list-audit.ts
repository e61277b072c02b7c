import { and, asc, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { auditLog, users } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { csvStream } from '../../../shared/export/writer';
import { adminNl } from '../../../shared/i18n/admin';
import { hasRole, GROUPS } from '../../../shared/permissions';
import type { AuditQuery } from '../../../shared/validation/admin';
import { auditRow } from '../audit/audit-row';

const DAY = 86_400_000;
const EXPORT_PAGE = 2000;

/**
 * Who reads the trail: root everything; an Admin (admin.view) or a Beheerder with user.edit their
 * own organisation's rows (null = everything).
 */
export function auditScope(ctx: UserServiceContext): number | null {
  const u = ctx.user;
  if (u.isRoot) return null;
  const allowed = hasRole(u, 'admin.view') || (u.groupId <= GROUPS.Beheerder && hasRole(u, 'user.edit'));
  if (!allowed || u.tokenId !== undefined) throw new AppError('FORBIDDEN', nl.forbidden);
  return u.companyId ?? -1;
}

function conditions(company: number | null, q: Omit<AuditQuery, 'limit' | 'after'>): SQL[] {
  const where: SQL[] = [];
  if (company !== null) where.push(eq(auditLog.companyId, company));
  if (q.user_id) where.push(eq(auditLog.userId, q.user_id));
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.resource) where.push(eq(auditLog.resource, q.resource));
  if (q.from) where.push(gte(auditLog.createdAt, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) where.push(lt(auditLog.createdAt, new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY)));
  return where;
}

/** Rows strictly older than the cursor `<created_at ms>_<id>` (newest first: created_at, then id). */
function before(cursor: string): SQL {
  const [ms, id] = cursor.split('_').map(Number) as [number, number];
  const at = new Date(ms);
  return or(lt(auditLog.createdAt, at), and(eq(auditLog.createdAt, at), lt(auditLog.id, id)))!;
}

const columns = {
  id: auditLog.id,
  action: auditLog.action,
  resource: auditLog.resource,
  resourceId: auditLog.resourceId,
  summary: auditLog.summary,
  createdAt: auditLog.createdAt,
  userId: auditLog.userId,
  tokenId: auditLog.tokenId,
  ip: auditLog.ip,
  result: auditLog.result,
  who: users.fullname,
  email: users.email,
};

function page(ctx: UserServiceContext, where: SQL[], limit: number) {
  return ctx.db
    .select(columns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

const cursorOf = (r: { createdAt: Date; id: number }) => `${r.createdAt.getTime()}_${r.id}`;

/**
 * GET admin/audit: one page of the trail, newest first, filtered by user, action, resource and
 * period. Keyset pages (`next` is the cursor of the last row): page 1,000 costs what page 1 does,
 * through the indexes (company|user|action|resource, created_at). Read-only: no call changes a row.
 */
export async function listAudit(ctx: UserServiceContext, q: AuditQuery) {
  const company = auditScope(ctx);
  const where = conditions(company, q);
  if (q.after) where.push(before(q.after));
  const rows = await page(ctx, where, q.limit + 1);
  const more = rows.length > q.limit;
  const shown = rows.slice(0, q.limit);
  return {
    rows: shown.map((r) => ({
      id: r.id,
      action: r.action,
      resource: r.resource,
      resource_id: r.resourceId,
      summary: r.summary,
      user_id: r.userId,
      who: r.who,
      token_id: r.tokenId,
      ip: r.ip,
      result: r.result,
      created_at: r.createdAt.toISOString(),
    })),
    next: more ? cursorOf(shown[shown.length - 1]!) : null,
  };
}

/** The users the filter offers: the organisation's (root: everyone's), deleted ones included (their rows stay). */
export async function auditUsers(ctx: UserServiceContext) {
  const company = auditScope(ctx);
  const rows = await ctx.db
    .select({ id: users.id, name: users.fullname, email: users.email, deleted: sql<number>`${users.deletedAt} is not null` })
    .from(users)
    .where(company === null ? undefined : eq(users.companyId, company))
    .orderBy(asc(users.fullname), asc(users.id))
    .limit(5000);
  return rows.map((r) => ({ id: r.id, name: r.name, email: r.email, deleted: Boolean(r.deleted) }));
}

const describe = (q: Omit<AuditQuery, 'limit' | 'after'>) =>
  Object.entries({ gebruiker: q.user_id, actie: q.action, item: q.resource, vanaf: q.from, 'tot en met': q.to })
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');

/**
 * GET admin/audit/export: every row the filters select as CSV through the one writer, streamed in
 * keyset pages. The export itself is an audit row (written before the first byte).
 */
export async function exportAudit(ctx: UserServiceContext, q: Omit<AuditQuery, 'limit' | 'after'>) {
  const company = auditScope(ctx);
  const base = conditions(company, q);
  await auditRow(ctx, { action: 'audit.export', resource: 'audit_log', companyId: company, summary: adminNl.audit.exported(describe(q)) });
  let cursor: string | null = null;
  let finished = false;
  const db = ctx.db;
  const stream = csvStream(
    ['id', 'tijdstip (UTC)', 'gebruiker_id', 'gebruiker', 'e-mail', 'token_id', 'ip', 'actie', 'item', 'item_id', 'resultaat', 'omschrijving'],
    async () => {
      if (finished) return [];
      const rows = await page({ ...ctx, db }, cursor ? [...base, before(cursor)] : base, EXPORT_PAGE);
      if (rows.length < EXPORT_PAGE) finished = true;
      if (rows.length) cursor = cursorOf(rows[rows.length - 1]!);
      return rows.map((r) => [r.id, r.createdAt.toISOString(), r.userId, r.who, r.email, r.tokenId, r.ip, r.action, r.resource, r.resourceId, adminNl.audit.results[r.result] ?? r.result, r.summary]);
    },
    { bom: true },
  );
  const stamp = ctx.now.toISOString().slice(0, 10);
  return { stream, filename: `audittrail_${stamp}.csv` };
}
