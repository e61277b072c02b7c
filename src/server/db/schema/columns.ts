import { integer } from 'drizzle-orm/sqlite-core';

// Timestamps are unix milliseconds; calendar dates (licence end, report range) are ISO 'YYYY-MM-DD' text.
export const timestamps = {
  createdAt: integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .$defaultFn(() => new Date()),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date()),
};

export const softDelete = {
  deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
};
