import { sql } from 'drizzle-orm';
import { licences, projects, projectStatuses, projectUsers } from '../../db/schema';
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

type SummaryRow = {
  id: number;
  title: string;
  client: string;
  status: string;
  parentProjectId: number | null;
  updatedAt: Date;
  usersCount: number;
  licenceEnd: string | null;
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
  };
}
