import type { GroupName } from '../../src/shared/permissions';

/** The demo world (ARCHITECTURE §11): fictional municipalities and a care organisation. */
export const DEMO_PASSWORD = 'ImpulZ-demo-2026!';
/** Demo-only TOTP secret of the demo admin; never use a fixed secret for a real account. */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

export const COMPANIES = [
  { id: 1, name: 'Gemeente Zuiderhaven' },
  { id: 2, name: 'Gemeente Noordbroek' },
  { id: 3, name: 'Zorggroep De Linde' },
] as const;

export const PROJECT_STATUSES = [
  { id: 1, name: 'In voorbereiding' },
  { id: 2, name: 'Actief' },
  { id: 3, name: 'Afgerond' },
  { id: 4, name: 'Gearchiveerd' },
] as const;

export const PROJECT_ROLES = [
  { id: 1, name: 'Projectleider' },
  { id: 2, name: 'Projectlid' },
  { id: 3, name: 'Meelezer' },
] as const;

export interface DemoUser {
  id: number;
  email: string;
  fullname: string;
  group: GroupName;
  companyId: number;
  isRoot?: boolean;
  companyAdmin?: boolean;
  twoFactor?: boolean;
}

export const USERS: DemoUser[] = [
  { id: 1, email: 'admin@demo.impulz.nl', fullname: 'Anne de Vries', group: 'Admin', companyId: 1, isRoot: true, twoFactor: true },
  { id: 2, email: 'beheerder@demo.impulz.nl', fullname: 'Bram Jansen', group: 'Beheerder', companyId: 1, companyAdmin: true },
  { id: 3, email: 'gebruiker@demo.impulz.nl', fullname: 'Carla Bakker', group: 'Gebruiker', companyId: 1 },
  { id: 4, email: 'api@demo.impulz.nl', fullname: 'Koppeling Zuiderhaven', group: 'Api', companyId: 1 },
  { id: 5, email: 'beheerder@noordbroek.demo.impulz.nl', fullname: 'Daan Visser', group: 'Beheerder', companyId: 2, companyAdmin: true },
  { id: 6, email: 'gebruiker@delinde.demo.impulz.nl', fullname: 'Eva Smit', group: 'Gebruiker', companyId: 3 },
];

/** Licence end relative to the seed day: negative = already expired. updatedDaysAgo 60–120 shows orange, over 120 red (project age). */
export interface DemoProject {
  id: number;
  companyId: number;
  parentProjectId?: number;
  statusId: number;
  title: string;
  client: string;
  licenceEndsInDays: number;
  updatedDaysAgo: number;
  members: { userId: number; roleId: number }[];
}

export const PROJECTS: DemoProject[] = [
  {
    id: 1, companyId: 1, statusId: 2, title: 'Burgerpeiling Zuiderhaven 2026', client: 'Gemeente Zuiderhaven',
    licenceEndsInDays: 30, updatedDaysAgo: 1,
    members: [{ userId: 2, roleId: 1 }, { userId: 3, roleId: 2 }, { userId: 4, roleId: 3 }],
  },
  {
    id: 2, companyId: 1, parentProjectId: 1, statusId: 2, title: 'Burgerpeiling 2026 – Wijk Centrum', client: 'Gemeente Zuiderhaven',
    licenceEndsInDays: 30, updatedDaysAgo: 3,
    members: [{ userId: 2, roleId: 1 }, { userId: 3, roleId: 2 }],
  },
  {
    id: 3, companyId: 1, statusId: 3, title: 'Jongerenmonitor 2025', client: 'Gemeente Zuiderhaven',
    licenceEndsInDays: -20, updatedDaysAgo: 95,
    members: [{ userId: 2, roleId: 1 }, { userId: 3, roleId: 3 }],
  },
  {
    id: 4, companyId: 1, statusId: 2, title: 'Klanttevredenheid Wmo 2026', client: 'Sociaal Team Zuiderhaven',
    licenceEndsInDays: 330, updatedDaysAgo: 7,
    members: [{ userId: 3, roleId: 2 }],
  },
  {
    id: 5, companyId: 1, statusId: 1, title: 'Omgevingsvisie participatie', client: 'Gemeente Zuiderhaven',
    licenceEndsInDays: 200, updatedDaysAgo: 130,
    members: [{ userId: 2, roleId: 1 }],
  },
  {
    id: 6, companyId: 2, statusId: 2, title: 'Burgerpeiling Noordbroek 2026', client: 'Gemeente Noordbroek',
    licenceEndsInDays: 150, updatedDaysAgo: 0,
    members: [{ userId: 5, roleId: 1 }],
  },
  {
    id: 7, companyId: 3, statusId: 2, title: 'Cliëntervaringsonderzoek De Linde 2026', client: 'Zorggroep De Linde',
    licenceEndsInDays: 90, updatedDaysAgo: 2,
    members: [{ userId: 6, roleId: 2 }],
  },
];
