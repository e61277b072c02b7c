import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns';
import { projects } from './projects';
import { users } from './users';

/**
 * Project messages (spec 001 §3 "Message and file"): the correspondence between bureau and client.
 * A message and its files are written in one batch after every file is safely in R2, so a failed
 * or cancelled upload leaves no row behind.
 */
export const projectMessages = sqliteTable(
  'project_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    // The author; a deleted (purged) user leaves the message without a name.
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('project_messages_project_idx').on(t.projectId, t.id)],
);

/** An attachment: the object in R2 (FILES) at `r2Key`, its sniffed content type and size. */
export const projectFiles = sqliteTable(
  'project_files',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    messageId: integer('message_id')
      .notNull()
      .references(() => projectMessages.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    // Name without extension (spec 000 §5: letters, digits, space, underscore, hyphen); the
    // extension is kept apart so a rename never changes what the file is.
    name: text('name').notNull(),
    extension: text('extension').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    r2Key: text('r2_key').notNull().unique(),
    fileTypeId: integer('file_type_id'),
    fileSubjectTypeId: integer('file_subject_type_id'),
    fileDataTypeId: integer('file_data_type_id'),
    ...timestamps,
  },
  (t) => [index('project_files_message_idx').on(t.messageId), index('project_files_project_idx').on(t.projectId)],
);

/** The newest message a user has seen per project (unread counts on cards and the project page). */
export const projectMessageReads = sqliteTable(
  'project_message_reads',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] })],
);
