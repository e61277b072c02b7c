import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { ratingJobs, roles, userRoles } from '../../src/server/db/schema';
import { importProviders } from '../../src/server/services/zkn/import-providers';
import { startRatingJob } from '../../src/server/services/zkn/start-rating-job';
import { ZKN_ASPECTS } from '../../src/server/analytics/zkn-ranking';
import { prng } from '../../tests/helpers/response-generator';
import { seedContext } from './context';

const DAY = 86_400_000;
/** Zorggroep De Linde (company 3) and its Gebruiker Eva Smit, who gets the Zorgkaart roles. */
const COMPANY_ID = 3;
const USER_ID = 6;
const ZKN_ROLES = ['zkn.access', 'zkn.view', 'zkn.create'] as const;

/** name, type, place, region, quality (mean score), number of ratings in the demo year. */
export const DEMO_PROVIDERS = [
  ['01034567', 'Huisartsenpraktijk De Linde Centrum', 'huisartsenpraktijk', 'Amersfoort', 'Utrecht', 8.4, 64],
  ['01034568', 'Huisartsenpraktijk Lindenhof', 'huisartsenpraktijk', 'Amersfoort', 'Utrecht', 7.6, 41],
  ['01034569', 'Gezondheidscentrum Vathorst', 'huisartsenpraktijk', 'Amersfoort', 'Utrecht', 8.1, 23],
  ['01034570', 'Huisartsen Leusden-Zuid', 'huisartsenpraktijk', 'Leusden', 'Utrecht', 9.3, 6],
  ['01034571', 'Huisartsenpraktijk Barneveld-Oost', 'huisartsenpraktijk', 'Barneveld', 'Gelderland', 7.9, 37],
  ['01034572', 'Huisartsenpraktijk Nijkerk Noord', 'huisartsenpraktijk', 'Nijkerk', 'Gelderland', 8.7, 12],
  ['72012001', 'Thuiszorg De Linde Amersfoort', 'thuiszorg', 'Amersfoort', 'Utrecht', 8.0, 52],
  ['72012002', 'Thuiszorg De Linde Nijkerk', 'thuiszorg', 'Nijkerk', 'Gelderland', 7.2, 29],
  ['72012003', 'Wijkverpleging Soest', 'thuiszorg', 'Soest', 'Utrecht', 7.7, 18],
  ['73015001', 'Verpleeghuis De Lindeboom', 'verpleeghuis', 'Amersfoort', 'Utrecht', 7.4, 33],
  ['73015002', 'Woonzorgcentrum Eemhof', 'verpleeghuis', 'Leusden', 'Utrecht', 8.2, 21],
  ['73015003', 'Zorgcentrum De Wingerd', 'verpleeghuis', 'Barneveld', 'Gelderland', 8.8, 4],
  ['94063001', 'GGZ De Linde Jeugd en Gezin', 'ggz', 'Amersfoort', 'Utrecht', 7.0, 15],
] as const;

export const DEMO_RATING_JOB = 'Zorgkaart-beoordelingen afgelopen jaar';

export function demoProvidersCsv(): string {
  return ['agb_code;naam;type;plaats;regio', ...DEMO_PROVIDERS.map(([agb, name, type, place, region]) => [agb, name, type, place, region].join(';'))].join('\n');
}

/** A year of ratings around each provider's quality, deterministic. */
export function demoRatingsCsv(today: Date): string {
  const rnd = prng(21_2026);
  const score = (mean: number) => Math.max(1, Math.min(10, Math.round(mean + (rnd() + rnd() + rnd() - 1.5) * 2.4)));
  const lines = [`agb_code;datum;cijfer;${ZKN_ASPECTS.join(';')};aanbevelen`];
  for (const [agb, , , , , quality, n] of DEMO_PROVIDERS) {
    for (let i = 0; i < n; i++) {
      const overall = score(quality);
      const date = new Date(today.getTime() - Math.floor(rnd() * 365) * DAY).toISOString().slice(0, 10);
      const aspects = ZKN_ASPECTS.map(() => (rnd() < 0.15 ? '' : String(score(overall))));
      const recommend = rnd() < 0.1 ? '' : overall >= 7 || rnd() < 0.2 ? 'ja' : 'nee';
      lines.push([agb, date, overall, ...aspects, recommend].join(';'));
    }
  }
  return lines.join('\n');
}

/** Demo data of the Zorgkaart module: De Linde's providers and one completed rating job, through the services. */
export async function seedZkn(db: Db, today = new Date()): Promise<void> {
  const roleRows = await db.select({ id: roles.id, name: roles.name }).from(roles);
  const roleId = new Map(roleRows.map((r) => [r.name, r.id]));
  await db.insert(userRoles).values(ZKN_ROLES.map((r) => ({ userId: USER_ID, roleId: roleId.get(r)! }))).onConflictDoNothing();
  const [existing] = await db.select({ id: ratingJobs.id }).from(ratingJobs).where(eq(ratingJobs.companyId, COMPANY_ID)).limit(1);
  if (existing) return;
  const ctx = seedContext(db, today, {
    id: USER_ID, companyId: COMPANY_ID, groupId: 3, email: 'gebruiker@delinde.demo.impulz.nl', fullname: 'Eva Smit', isRoot: false, roles: [...ZKN_ROLES], twoFactorConfirmed: false,
  });
  await importProviders(ctx, new Blob([demoProvidersCsv()]));
  await startRatingJob(ctx, { name: DEMO_RATING_JOB, min_n: 10 }, new Blob([demoRatingsCsv(today)]), 'zorgkaart-export-de-linde.csv');
}
