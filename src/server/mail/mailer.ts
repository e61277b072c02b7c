import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { MailAttachmentRef } from '../db/schema/mail';
import type { Config } from '../env';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Files sent along: the outbox keeps their R2 reference, the mail API gets the bytes (base64). */
  attachments?: (MailAttachmentRef & { content: Uint8Array })[];
}

function base64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 0x8000) out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(out);
}

export interface Mailer {
  /** Records the message and delivers it; returns the outbox id. Throws when the mail API fails. */
  send(message: MailMessage): Promise<number>;
}

/**
 * Mail adapter. With MAIL_API_URL set, messages go to an HTTP mail API as JSON
 * `{from, to, reply_to, subject, text, html, attachments: [{filename, content_type, content (base64)}]}` with `Authorization: Bearer MAIL_API_KEY`
 * (the shape Resend, Postmark-style relays and most transactional APIs accept). Without it
 * (local development, tests) the outbox row is the delivery.
 */
export function createMailer(db: Db, config: Pick<Config, 'mailApiUrl' | 'mailApiKey' | 'mailFrom'>, fetchImpl: typeof fetch = fetch): Mailer {
  return {
    async send(message) {
      const local = !config.mailApiUrl;
      const { attachments, ...rest } = message;
      const refs = attachments?.map(({ content: _content, ...ref }) => ref) ?? null;
      const [row] = await db
        .insert(mailOutbox)
        .values({ ...rest, replyTo: message.replyTo ?? null, html: message.html ?? null, attachments: refs, status: local ? 'local' : 'failed' })
        .returning({ id: mailOutbox.id });
      const id = row!.id;
      if (local) return id;
      try {
        const response = await fetchImpl(config.mailApiUrl!, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${config.mailApiKey ?? ''}` },
          body: JSON.stringify({
            from: config.mailFrom,
            to: message.to,
            reply_to: message.replyTo,
            subject: message.subject,
            text: message.text,
            html: message.html,
            attachments: attachments?.map((a) => ({ filename: a.filename, content_type: a.contentType, content: base64(a.content) })),
          }),
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
