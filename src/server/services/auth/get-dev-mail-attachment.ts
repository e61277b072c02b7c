import { eq } from 'drizzle-orm';
import type { ServiceContext } from '../../context';
import { mailOutbox } from '../../db/schema';

/** An attachment of an outbox mail (a scheduled report's PDF) for /portal/dev/mailbox: only outside production. */
export async function getDevMailAttachment(ctx: ServiceContext, mailId: number, index: number) {
  if (ctx.config.appEnv === 'production' || !ctx.jobs) return null;
  const [row] = await ctx.db.select({ attachments: mailOutbox.attachments }).from(mailOutbox).where(eq(mailOutbox.id, mailId));
  const ref = row?.attachments?.[index];
  if (!ref) return null;
  const file = await ctx.jobs.files.get(ref.key);
  return file ? { ...ref, body: file.body, size: file.size } : null;
}
