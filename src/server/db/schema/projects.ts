import { relations } from 'drizzle-orm';
import {
  type AnySQLiteColumn,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
} from 'drizzle-orm/sqlite-core';
import { softDelete, timestamps } from './columns';
import { companies } from './companies';
import { users } from './users';

export const projectStatuses = sqliteTable('project_statuses', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  ...timestamps,
});

export const projectRoles = sqliteTable('project_roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  ...timestamps,
});

export const projects = sqliteTable(
  'projects',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    parentProjectId: integer('parent_project_id').references((): AnySQLiteColumn => projects.id, {
      onDelete: 'cascade',
    }),
    statusId: integer('status_id')
      .notNull()
      .references(() => projectStatuses.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    client: text('client').notNull().default(''),
    allowMessaging: integer('allow_messaging', { mode: 'boolean' }).notNull().default(true),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    index('projects_company_idx').on(t.companyId),
    index('projects_parent_idx').on(t.parentProjectId),
    index('projects_updated_idx').on(t.updatedAt),
  ],
);

export const projectUsers = sqliteTable(
  'project_users',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectRoleId: integer('project_role_id').references(() => projectRoles.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_users_user_idx').on(t.userId)],
);

// A licence covers a project for a period; the latest end date drives the expiry warnings.
export const licences = sqliteTable(
  'licences',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    note: text('note').notNull().default(''),
    // When the company admins were mailed that this end date is 60 / 14 days away (cron, once each).
    reminded60At: integer('reminded_60_at', { mode: 'timestamp_ms' }),
    reminded14At: integer('reminded_14_at', { mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [index('licences_project_end_idx').on(t.projectId, t.endDate)],
);

export const projectsRelations = relations(projects, ({ one, many }) => ({
  company: one(companies, { fields: [projects.companyId], references: [companies.id] }),
  parent: one(projects, {
    fields: [projects.parentProjectId],
    references: [projects.id],
    relationName: 'subProjects',
  }),
  subProjects: many(projects, { relationName: 'subProjects' }),
  status: one(projectStatuses, { fields: [projects.statusId], references: [projectStatuses.id] }),
  projectUsers: many(projectUsers),
  licences: many(licences),
}));
export const projectUsersRelations = relations(projectUsers, ({ one }) => ({
  project: one(projects, { fields: [projectUsers.projectId], references: [projects.id] }),
  user: one(users, { fields: [projectUsers.userId], references: [users.id] }),
  role: one(projectRoles, { fields: [projectUsers.projectRoleId], references: [projectRoles.id] }),
}));
export const licencesRelations = relations(licences, ({ one }) => ({
  project: one(projects, { fields: [licences.projectId], references: [projects.id] }),
}));
export const projectStatusesRelations = relations(projectStatuses, ({ many }) => ({ projects: many(projects) }));
