import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns';
import { projects } from './projects';
import { users } from './users';

// Questions sent with the help popover (spec 000 §2.12); mailed to the helpdesk as well.
export const helpQuestions = sqliteTable(
  'help_questions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type', { enum: ['question', 'feedback', 'project'] }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    question: text('question').notNull(),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    route: text('route'),
    ...timestamps,
  },
  (t) => [index('help_questions_user_idx').on(t.userId, t.createdAt), index('help_questions_project_idx').on(t.projectId)],
);

// Answers to 'Hoe beoordeelt u ImpulZ?': rating in half stars 0.5–5.
export const feedbackRatings = sqliteTable(
  'feedback_ratings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    rating: real('rating').notNull(),
    comment: text('comment').notNull().default(''),
    contactAllowed: integer('contact_allowed', { mode: 'boolean' }).notNull().default(false),
    ...timestamps,
  },
  (t) => [index('feedback_ratings_user_idx').on(t.userId, t.createdAt)],
);
