import { and, asc, eq, like, or, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { healthcareCompanies } from '../../db/schema';
import type { ProviderQuery } from '../../../shared/validation/zkn';
import { providerScope, requireZknRole } from './scope';

export type ProviderRow = typeof healthcareCompanies.$inferSelect;

export function presentProvider(p: ProviderRow) {
  return { id: p.id, agb_code: p.agbCode, name: p.name, type: p.type, place: p.place, region: p.region };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET zkn/company?limit=&type=&agb_code=&q=: the organisation's providers, by name, with the total before limit. */
export async function listProviders(ctx: UserServiceContext, query: ProviderQuery) {
  requireZknRole(ctx.user, 'zkn.view');
  const q = query.q ? `%${escapeLike(query.q)}%` : null;
  const where = and(
    providerScope(ctx.user),
    query.type ? eq(healthcareCompanies.type, query.type) : undefined,
    query.agb_code ? eq(healthcareCompanies.agbCode, query.agb_code) : undefined,
    q ? or(sql`${healthcareCompanies.name} like ${q} escape '\\'`, sql`${healthcareCompanies.place} like ${q} escape '\\'`, like(healthcareCompanies.agbCode, q)) : undefined,
  );
  const [rows, total] = await ctx.db.batch([
    ctx.db.select().from(healthcareCompanies).where(where).orderBy(asc(healthcareCompanies.name), asc(healthcareCompanies.id)).limit(query.limit ?? 1000),
    ctx.db.select({ n: sql<number>`count(*)` }).from(healthcareCompanies).where(where),
  ]);
  return { items: rows.map(presentProvider), total: Number(total[0]?.n ?? 0) };
}
