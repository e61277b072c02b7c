import type { UserServiceContext } from '../../context';
import type { MapDetail } from '../../../shared/maps';
import { drawMap } from '../../maps/draw-map';
import { findMap, mapVersion, presentMap } from './access';

/** GET company/{id}/map/{mid}: the map with its areas (code, name) and the server's drawing (the preview). */
export async function getMap(ctx: UserServiceContext, companyId: number, mapId: number): Promise<MapDetail> {
  const row = await findMap(ctx, companyId, mapId);
  return { ...presentMap(row), area_list: row.areas, drawing: drawMap(mapVersion(row), row.topology) };
}
