import { and, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companyMaps } from '../../db/schema';
import { AppError, nl } from '../../errors';
import type { MapSummary } from '../../../shared/maps';
import { type CompanyRow, findCompany } from '../companies/access';

export type MapRow = typeof companyMaps.$inferSelect;

/** Maps are the organisation's: seeing them takes company.view, changing them company.edit and managing the company. */
export function findMapsCompany(ctx: UserServiceContext, companyId: number, change = false): Promise<CompanyRow> {
  return findCompany(ctx, companyId, change ? 'company.edit' : 'company.view', { manage: change });
}

/** A map of the company (another company's map, or one that doesn't exist, is a 404). */
export async function findMap(ctx: UserServiceContext, companyId: number, mapId: number, change = false): Promise<MapRow> {
  await findMapsCompany(ctx, companyId, change);
  const [row] = await ctx.db.select().from(companyMaps).where(and(eq(companyMaps.id, mapId), eq(companyMaps.companyId, companyId)));
  if (!row) throw new AppError('NOT_FOUND', nl.notFound);
  return row;
}

export function presentMap(row: Pick<MapRow, 'id' | 'name' | 'areaCount' | 'bbox' | 'codeProperty' | 'nameProperty' | 'createdAt'>): MapSummary {
  return { id: row.id, name: row.name, areas: row.areaCount, bbox: row.bbox, code_property: row.codeProperty, name_property: row.nameProperty, created_at: row.createdAt?.toISOString() ?? null };
}

/** The drawing cache key of a map version. */
export const mapVersion = (row: Pick<MapRow, 'id' | 'updatedAt'>) => `${row.id}:${row.updatedAt.getTime()}`;
