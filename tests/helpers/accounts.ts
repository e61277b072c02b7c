import { desc, eq } from 'drizzle-orm';
import { totpAt } from '../../src/server/auth/totp';
import type { Db } from '../../src/server/db/client';
import { mailOutbox, users } from '../../src/server/db/schema';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../../scripts/seed/data';
import type { HttpSession } from './http-session';

/** Logs a demo user in, answering the two-factor challenge with a code for `at` when asked. */
export async function loginAs(s: HttpSession, email: string, password = DEMO_PASSWORD, secret = DEMO_TOTP_SECRET, at = new Date()) {
  const res = await s.login(email, password);
  if (res.status !== 200) throw new Error(`login ${email} answered ${res.status}`);
  const { data } = (await res.json()) as { data: { two_factor: boolean } };
  if (data.two_factor) {
    const challenge = await s.post('/portal/auth/two-factor-challenge', { code: totpAt(secret, at) });
    if (challenge.status !== 204) throw new Error(`two-factor for ${email} answered ${challenge.status}`);
  }
  return s;
}

/** The newest outbox message to an address, and the first portal link in it. */
export async function lastMailTo(db: Db, to: string) {
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1);
  const link = mail?.text.match(/https?:\/\/\S+\/portal\/\S+/)?.[0];
  return { mail, link, token: link?.split('/').pop() };
}

export async function userByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}
