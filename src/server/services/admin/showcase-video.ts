import { eq } from 'drizzle-orm';
import type { ServiceContext, UserServiceContext } from '../../context';
import { portalSettings } from '../../db/schema';
import { read, readOne } from '../../db/reads';
import { AppError } from '../../errors';
import { adminNl } from '../../../shared/i18n/admin';
import { type ShowcaseVideo, videoEmbedUrl } from '../../../shared/showcase-video';
import type { ShowcaseVideoInput } from '../../../shared/validation/admin';
import { auditRow } from '../audit/audit-row';

const KEY = 'showcase_video';

/** The front page's video, or null while none is set (then the accordion is not shown). Only a stored embed URL of an allowed host counts. */
export function showcaseVideoRead(ctx: Pick<ServiceContext, 'db'>) {
  const query = ctx.db.select({ value: portalSettings.value }).from(portalSettings).where(eq(portalSettings.key, KEY));
  return read([query], ([rows]): ShowcaseVideo | null => {
    const v = rows[0]?.value as Partial<ShowcaseVideo> | undefined;
    if (!v || typeof v.title !== 'string' || typeof v.url !== 'string') return null;
    const url = videoEmbedUrl(v.url);
    return url ? { title: v.title, url } : null;
  });
}

/** GET admin/showcaseVideo */
export async function getShowcaseVideo(ctx: Pick<ServiceContext, 'db'>): Promise<ShowcaseVideo | null> {
  return readOne(ctx.db, showcaseVideoRead(ctx));
}

/** Installation-wide: only a root administrator (admin.edit is checked by the route). */
function requireRoot(ctx: UserServiceContext): void {
  if (!ctx.user.isRoot) throw new AppError('FORBIDDEN', adminNl.showcase.rootOnly);
}

/** PUT admin/showcaseVideo: sets the video (the audit row in the same batch). */
export async function setShowcaseVideo(ctx: UserServiceContext, input: ShowcaseVideoInput): Promise<ShowcaseVideo> {
  requireRoot(ctx);
  const value: ShowcaseVideo = { title: input.title, url: input.url };
  await ctx.db.batch([
    ctx.db.insert(portalSettings).values({ key: KEY, value, updatedBy: ctx.user.id, updatedAt: ctx.now }).onConflictDoUpdate({ target: portalSettings.key, set: { value, updatedBy: ctx.user.id, updatedAt: ctx.now } }),
    auditRow(ctx, { action: 'setting.update', resource: 'portal_setting', companyId: null, summary: adminNl.showcase.auditSet(value.title, value.url) }),
  ]);
  return value;
}

/** DELETE admin/showcaseVideo: the front page shows no video again. */
export async function removeShowcaseVideo(ctx: UserServiceContext): Promise<void> {
  requireRoot(ctx);
  await ctx.db.batch([
    ctx.db.delete(portalSettings).where(eq(portalSettings.key, KEY)),
    auditRow(ctx, { action: 'setting.update', resource: 'portal_setting', companyId: null, summary: adminNl.showcase.auditRemoved }),
  ]);
}
