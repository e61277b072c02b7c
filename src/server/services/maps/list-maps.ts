import { asc, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companyMaps } from '../../db/schema';
import type { MapSummary } from '../../../shared/maps';
import { findMapsCompany, presentMap } from './access';

/** GET company/{id}/map: the organisation's maps by name (without geometry). */
export async function listMaps(ctx: UserServiceContext, companyId: number): Promise<MapSummary[]> {
  await findMapsCompany(ctx, companyId);
  const rows = await ctx.db
    .select({ id: companyMaps.id, name: companyMaps.name, areaCount: companyMaps.areaCount, bbox: companyMaps.bbox, codeProperty: companyMaps.codeProperty, nameProperty: companyMaps.nameProperty, createdAt: companyMaps.createdAt })
    .from(companyMaps)
    .where(eq(companyMaps.companyId, companyId))
    .orderBy(asc(companyMaps.name), asc(companyMaps.id));
  return rows.map(presentMap);
}
