import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns';

export interface MailAttachmentRef {
  filename: string;
  contentType: string;
  key: string;
  size: number;
}

/**
 * Every outgoing message is recorded. Locally (no MAIL_API_URL) this table *is* the mailbox that
 * developers read at /portal/dev/mailbox; in production it is the delivery log.
 */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Files sent with the message (a scheduled report's PDF): stored in R2 (FILES) under `key`. */
    attachments: text('attachments', { mode: 'json' }).$type<MailAttachmentRef[]>(),
    // local: kept for the dev mailbox · sent: accepted by the mail API · failed: see error
    status: text('status', { enum: ['local', 'sent', 'failed'] }).notNull(),
    error: text('error'),
    ...timestamps,
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.createdAt)],
);
