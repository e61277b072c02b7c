import { desc } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema';
import type { ServiceContext } from '../../context';

/** The outbox for /portal/dev/mailbox: only outside production (the page answers 404 there). */
export async function listDevMailbox(ctx: ServiceContext, limit = 100) {
  if (ctx.config.appEnv === 'production') return null;
  return ctx.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
}

/** Splits mail text into plain parts and http(s) links, so the page can render the links as <a>. */
export function linkify(text: string): { text: string; href?: string }[] {
  return text.split(/(https?:\/\/[^\s<>"]+)/g).filter(Boolean).map((part) => (/^https?:\/\//.test(part) ? { text: part, href: part } : { text: part }));
}
