import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { companies, panels, projects, reports, surveys, users } from '../../db/schema';

/** Every soft-deletable resource: its table, title, organisation and Dutch name. */
export const SOFT_DELETABLE = {
  project: { table: projects, title: projects.title, company: projects.companyId as SQLiteColumn, label: 'Project' },
  report: { table: reports, title: reports.title, company: sql<number>`(select ${projects.companyId} from ${projects} where ${projects.id} = ${reports.projectId})`, label: 'Rapportage' },
  survey: { table: surveys, title: surveys.title, company: surveys.companyId as SQLiteColumn, label: 'Onderzoek' },
  company: { table: companies, title: companies.name, company: companies.id as SQLiteColumn, label: 'Organisatie' },
  user: { table: users, title: users.fullname, company: users.companyId as SQLiteColumn, label: 'Gebruiker' },
  panel: { table: panels, title: panels.name, company: panels.companyId as SQLiteColumn, label: 'Panel' },
} as const;

export type SoftDeletable = keyof typeof SOFT_DELETABLE;
export const SOFT_DELETABLE_KEYS = Object.keys(SOFT_DELETABLE) as SoftDeletable[];

/** Deleted rows of a resource within the admin's reach (company null = all). */
export function deletedWhere(resource: SoftDeletable, company: number | null, id?: number): SQL {
  const r = SOFT_DELETABLE[resource];
  return and(
    isNotNull(r.table.deletedAt),
    id === undefined ? undefined : eq(r.table.id, id),
    company === null ? undefined : sql`${r.company} = ${company}`,
  )!;
}
