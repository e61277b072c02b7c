import { seedCellKeyReport } from './report-cellkey';
import { hashPassword } from '../../src/server/auth/password';
import { seedAccounts } from './accounts';
import type { Db } from '../../src/server/db/client';
import {
  companies,
  companyAdmins,
  licences,
  projectRoles,
  projects,
  projectStatuses,
  projectUsers,
  roles,
  userGroups,
  userRoles,
  users,
} from '../../src/server/db/schema';
import { DEFAULT_GROUP_ROLES, GROUPS, ROLES } from '../../src/shared/permissions';
import { COMPANIES, DEMO_PASSWORD, DEMO_TOTP_SECRET, PROJECT_ROLES, PROJECT_STATUSES, PROJECTS, USERS } from './data';
import { seedSurveys } from './surveys';
import { seedFilters } from './filters';
import { seedReports } from './reports';
import { seedMaps } from './maps';
import { seedReportFilters } from './report-filters';
import { seedReportDates } from './report-dates';
import { seedParticipation } from './participation';
import { seedPanels } from './panels';
import { seedIndicators } from './projects';
import { seedUsers } from './users';
import { seedZkn } from './zkn';
import { seedZknSurvey } from './zkn-survey';
import { seedWeighting } from './weighting';

const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Deterministic and idempotent: fixed ids, inserts that skip existing rows. Running it again
 * keeps whatever the demo users changed. Dates are relative to `today` on the first run.
 */
export async function seedDemo(db: Db, today = new Date()): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const roleIds = new Map(ROLES.map((name, i) => [name, i + 1]));

  await db.batch([
    db.insert(userGroups).values(Object.entries(GROUPS).map(([description, id]) => ({ id, description }))).onConflictDoNothing(),
    db.insert(roles).values(ROLES.map((name) => ({ id: roleIds.get(name)!, name }))).onConflictDoNothing(),
    db.insert(projectStatuses).values([...PROJECT_STATUSES]).onConflictDoNothing(),
    db.insert(projectRoles).values([...PROJECT_ROLES]).onConflictDoNothing(),
    db.insert(companies).values([...COMPANIES]).onConflictDoNothing(),
    db
      .insert(users)
      .values(
        USERS.map((u) => ({
          id: u.id,
          companyId: u.companyId,
          groupId: GROUPS[u.group],
          email: u.email,
          fullname: u.fullname,
          passwordHash,
          isRoot: u.isRoot ?? false,
          mustEnable2fa: u.group === 'Admin',
          twoFactorSecret: u.twoFactor ? DEMO_TOTP_SECRET : null,
          twoFactorConfirmedAt: u.twoFactor ? today : null,
          passwordChangedAt: new Date(today.getTime() - 30 * DAY),
        })),
      )
      .onConflictDoNothing(),
    db
      .insert(userRoles)
      .values(USERS.flatMap((u) => DEFAULT_GROUP_ROLES[u.group].map((r) => ({ userId: u.id, roleId: roleIds.get(r)! }))))
      .onConflictDoNothing(),
    db
      .insert(companyAdmins)
      .values(USERS.filter((u) => u.companyAdmin).map((u) => ({ companyId: u.companyId, userId: u.id })))
      .onConflictDoNothing(),
    // Parents before children: the sub-project's foreign key needs its parent.
    db
      .insert(projects)
      .values(
        [...PROJECTS]
          .sort((a, b) => (a.parentProjectId ?? 0) - (b.parentProjectId ?? 0))
          .map((p) => {
            const updatedAt = new Date(today.getTime() - p.updatedDaysAgo * DAY);
            return {
              id: p.id,
              companyId: p.companyId,
              parentProjectId: p.parentProjectId ?? null,
              statusId: p.statusId,
              title: p.title,
              client: p.client,
              createdAt: new Date(updatedAt.getTime() - 60 * DAY),
              updatedAt,
            };
          }),
      )
      .onConflictDoNothing(),
    db
      .insert(projectUsers)
      .values(PROJECTS.flatMap((p) => p.members.map((m) => ({ projectId: p.id, userId: m.userId, projectRoleId: m.roleId }))))
      .onConflictDoNothing(),
    db
      .insert(licences)
      .values(
        PROJECTS.map((p) => ({
          id: p.id,
          projectId: p.id,
          startDate: isoDay(new Date(today.getTime() + (p.licenceEndsInDays - 365) * DAY)),
          endDate: isoDay(new Date(today.getTime() + p.licenceEndsInDays * DAY)),
          note: 'Jaarlicentie',
        })),
      )
      .onConflictDoNothing(),
  ]);
  await seedAccounts(db, today);
  await seedSurveys(db, today);
  await seedFilters(db, today);
  await seedReports(db, today);
  await seedMaps(db, today);
  await seedReportFilters(db);
  await seedReportDates(db, today);
  await seedParticipation(db, today);
  await seedPanels(db, today);
  await seedIndicators(db, today);
  await seedUsers(db, today);
  await seedZkn(db, today);
  await seedZknSurvey(db, today);
  await seedWeighting(db, today);
  await seedCellKeyReport(db, today);
}
