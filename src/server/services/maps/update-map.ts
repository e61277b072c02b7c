import { eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companyMaps } from '../../db/schema';
import type { MapSummary } from '../../../shared/maps';
import type { MapUpdate } from '../../../shared/validation/maps';
import { findMap, presentMap } from './access';

/** PUT company/{id}/map/{mid} (company.edit): renames the map. */
export async function updateMap(ctx: UserServiceContext, companyId: number, mapId: number, input: MapUpdate): Promise<MapSummary> {
  const row = await findMap(ctx, companyId, mapId, true);
  const [updated] = await ctx.db.update(companyMaps).set({ name: input.name, updatedAt: ctx.now }).where(eq(companyMaps.id, row.id)).returning();
  return presentMap(updated!);
}
