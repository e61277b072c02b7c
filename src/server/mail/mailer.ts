import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Config } from '../env';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface Mailer {
  /** Records the message and delivers it; returns the outbox id. Throws when the mail API fails. */
  send(message: MailMessage): Promise<number>;
}

/**
 * Mail adapter. With MAIL_API_URL set, messages go to an HTTP mail API as JSON
 * `{from, to, reply_to, subject, text, html}` with `Authorization: Bearer MAIL_API_KEY`
 * (the shape Resend, Postmark-style relays and most transactional APIs accept). Without it
 * (local development, tests) the outbox row is the delivery.
 */
export function createMailer(db: Db, config: Pick<Config, 'mailApiUrl' | 'mailApiKey' | 'mailFrom'>, fetchImpl: typeof fetch = fetch): Mailer {
  return {
    async send(message) {
      const local = !config.mailApiUrl;
      const [row] = await db
        .insert(mailOutbox)
        .values({ ...message, replyTo: message.replyTo ?? null, html: message.html ?? null, status: local ? 'local' : 'failed' })
        .returning({ id: mailOutbox.id });
      const id = row!.id;
      if (local) return id;
      try {
        const response = await fetchImpl(config.mailApiUrl!, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${config.mailApiKey ?? ''}` },
          body: JSON.stringify({ from: config.mailFrom, to: message.to, reply_to: message.replyTo, subject: message.subject, text: message.text, html: message.html }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) throw new Error(`mail API answered ${response.status}`);
        await db.update(mailOutbox).set({ status: 'sent' }).where(eq(mailOutbox.id, id));
        return id;
      } catch (err) {
        await db.update(mailOutbox).set({ error: String(err).slice(0, 500) }).where(eq(mailOutbox.id, id));
        throw err;
      }
    },
  };
}
