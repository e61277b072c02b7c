import { sql } from 'drizzle-orm';
import { licences, projectMessageReads, projectMessages, projects, projectStatuses, projectUsers } from '../../db/schema';
import { licenceEndDateStyle, projectAgeStyle, type LicenceStyle } from './licence-status';

export interface ProjectSummary {
  id: number;
  title: string;
  client: string;
  status: string;
  parent_project_id: number | null;
  usersCount: number;
  license_end_date: string | null;
  license_end_date_style: LicenceStyle;
  updated_at: string;
  /** Project age colouring (spec 001 §9): updated 60–120 days ago warning, longer ago error. */
  updated_at_style: LicenceStyle;
  /** Messages by others the user has not read yet (0 when messaging is off). */
  unread_messages: number;
}

/** The columns of a project card/row; select them from projects joined with project_statuses. */
export const projectSummaryColumns = {
  id: projects.id,
  title: projects.title,
  client: projects.client,
  status: projectStatuses.name,
  parentProjectId: projects.parentProjectId,
  updatedAt: projects.updatedAt,
  usersCount: sql<number>`(select count(*) from ${projectUsers} where ${projectUsers.projectId} = ${projects.id})`,
  licenceEnd: sql<string | null>`(select max(${licences.endDate}) from ${licences} where ${licences.projectId} = ${projects.id})`,
};

/**
 * Messages by others newer than the user's read mark (project_message_reads), for the summary
 * selects: `{ ...projectSummaryColumns, unreadMessages: unreadMessages(user.id) }`.
 */
export const unreadMessages = (userId: number) =>
  sql<number>`(case when ${projects.allowMessaging} then (select count(*) from ${projectMessages} m where m.project_id = ${projects.id}
    and (m.user_id is null or m.user_id <> ${userId})
    and m.id > coalesce((select r.last_read_message_id from ${projectMessageReads} r where r.project_id = ${projects.id} and r.user_id = ${userId}), 0)) else 0 end)`;

type SummaryRow = {
  id: number;
  title: string;
  client: string;
  status: string;
  parentProjectId: number | null;
  updatedAt: Date;
  usersCount: number;
  licenceEnd: string | null;
  unreadMessages?: number;
};

export function toProjectSummary(r: SummaryRow, now: Date): ProjectSummary {
  return {
    id: r.id,
    title: r.title,
    client: r.client,
    status: r.status,
    parent_project_id: r.parentProjectId,
    usersCount: Number(r.usersCount),
    license_end_date: r.licenceEnd,
    license_end_date_style: licenceEndDateStyle(r.licenceEnd, now),
    updated_at: r.updatedAt.toISOString(),
    updated_at_style: projectAgeStyle(r.updatedAt, now),
    unread_messages: Number(r.unreadMessages ?? 0),
  };
}
