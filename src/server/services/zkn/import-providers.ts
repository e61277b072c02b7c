import { and, eq, inArray, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { healthcareCompanies } from '../../db/schema';
import { ownCompanyId, requireZknRole } from './scope';
import { parseProvidersFile } from './parse-providers';

const CHUNK = 500;

/**
 * POST zkn/company/import: a providers CSV, all lines checked first; new AGB codes are added,
 * known ones updated, in one batch (all or nothing).
 */
export async function importProviders(ctx: UserServiceContext, file: Blob | null) {
  requireZknRole(ctx.user, 'zkn.create');
  const companyId = ownCompanyId(ctx.user);
  const parsed = await parseProvidersFile(file);
  const codes = parsed.map((p) => p.agbCode);
  const known = new Set<string>();
  for (let i = 0; i < codes.length; i += CHUNK) {
    const rows = await ctx.db
      .select({ agb: healthcareCompanies.agbCode })
      .from(healthcareCompanies)
      .where(and(eq(healthcareCompanies.companyId, companyId), inArray(healthcareCompanies.agbCode, codes.slice(i, i + CHUNK))));
    for (const r of rows) known.add(r.agb);
  }
  const statements = [];
  for (let i = 0; i < parsed.length; i += CHUNK) {
    statements.push(
      ctx.db
        .insert(healthcareCompanies)
        .values(parsed.slice(i, i + CHUNK).map((p) => ({ companyId, ...p })))
        .onConflictDoUpdate({
          target: [healthcareCompanies.companyId, healthcareCompanies.agbCode],
          set: { name: sql`excluded.name`, type: sql`excluded.type`, place: sql`excluded.place`, region: sql`excluded.region`, updatedAt: ctx.now },
        }),
    );
  }
  await ctx.db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  return { added: parsed.length - known.size, updated: known.size };
}
