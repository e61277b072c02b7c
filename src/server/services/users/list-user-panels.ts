import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { panels, panelUsers } from '../../db/schema';
import type { UserServiceContext } from '../../context';
import { panelImageSrc } from '../panels/present';
import { read, readOne } from '../../db/reads';
import { preparedQuery } from '../../db/prepared';

/** The panels the signed-in user is a member of (bootstrap user.panels, front page block); `image_url` or null (default logo). */
export async function listUserPanels(ctx: UserServiceContext) {
  return readOne(ctx.db, userPanelsRead(ctx));
}

/** listUserPanels's query, to share a request's batch (db/reads.ts). */
export function userPanelsRead(ctx: UserServiceContext) {
  const query = preparedQuery(
    ctx.db,
    'userPanels',
    () =>
      ctx.db
        .select({ id: panels.id, company_id: panels.companyId, name: panels.name, description: panels.description, imageKey: panels.imageKey })
        .from(panelUsers)
        .innerJoin(panels, eq(panels.id, panelUsers.panelId))
        .where(and(eq(panelUsers.userId, sql.placeholder('userId')), isNull(panels.deletedAt)))
        .orderBy(asc(panels.name)),
    { userId: ctx.user.id },
  );
  // The image is read back with the member's login (GET panel/{id}/image); the key's tail busts the cache.
  return read([query], ([rows]) => rows.map(({ imageKey, ...p }) => ({ ...p, image_url: panelImageSrc(p.id, imageKey) })));
}
