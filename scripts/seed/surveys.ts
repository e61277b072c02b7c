import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { projectSurveys, surveys } from '../../src/server/db/schema';
import { generateTokens } from '../../src/server/services/surveys/generate-tokens';
import { importSurvey } from '../../src/server/services/surveys/import-survey';
import { uploadResponses } from '../../src/server/services/surveys/responses/upload-responses';
import { prng } from '../../tests/helpers/response-generator';
import { seedContext } from './context';
import { AGE_GROUPS, burgerpeilingLss, DEMO_SURVEY_SID, DISTRICTS, IMPROVEMENTS } from './surveys-burgerpeiling';

const DAY = 86_400_000;
const REMARKS = [
  'Fijn dat er naar onze mening wordt gevraagd.', 'De stoepen in onze straat zijn slecht onderhouden.', 'Meer prullenbakken in het park graag.',
  'Er wordt veel te hard gereden op de doorgaande weg.', 'Ik ben tevreden over de nieuwe speeltuin.', 'De gemeente reageert traag op meldingen.',
  'Betere verlichting bij het fietspad, het is er donker.', 'Parkeren is in het centrum een probleem.', '',
];

/** Demo data of the survey area: the burgerpeiling, imported and answered through the import services. */
export async function seedSurveys(db: Db, today = new Date(), opts: { respondents?: number } = {}): Promise<void> {
  const [existing] = await db.select({ id: surveys.id }).from(surveys).where(and(eq(surveys.lsSid, DEMO_SURVEY_SID), eq(surveys.companyId, 1)));
  if (existing) return;
  const ctx = seedContext(db, today);
  const { id } = await importSurvey(ctx, { xml: burgerpeilingLss(), projectId: 1 });
  await db.insert(projectSurveys).values({ projectId: 2, surveyId: id }).onConflictDoNothing();
  await db.update(surveys).set({ populationSize: 41_250, confidenceLevel: 95 }).where(eq(surveys.id, id));
  const respondents = opts.respondents ?? 3000;
  await uploadResponses(ctx, id, new Blob([burgerpeilingCsv(respondents, today, fieldworkSpan(today))]), 'burgerpeiling-zuiderhaven.csv');
  await generateTokens(ctx, id, { count: Math.round(respondents * 1.5) });
}

/**
 * The demo's fieldwork: whole calendar months, from the first day of the month two years back up
 * to today. A month at either end with only a day or two of responses (1 … 9 people) would make
 * the neighbour rule withhold the demo's whole total on some days of the month, so the first
 * month starts on its first day, and in the first week of a month the fieldwork ends with the
 * previous month.
 */
export function fieldworkSpan(today: Date): { end: Date; days: number } {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  const start = Date.UTC(y, m - 24, 1);
  const end = today.getUTCDate() >= 8 ? today : new Date(Date.UTC(y, m, 1));
  return { end, days: Math.floor((end.getTime() - start) / DAY) };
}

/**
 * Deterministic respondents over `span` (default: the 730 days before `today`), as a LimeSurvey CSV export with
 * question-code headings. Satisfaction differs by district and age so that filters show contrast.
 */
export function burgerpeilingCsv(respondents: number, today: Date, span: { end: Date; days: number } = { end: today, days: 730 }): string {
  const rnd = prng(20_260_101);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, Math.round(v)));
  const header = ['id', 'submitdate', 'startdate', 'lastpage', 'startlanguage', 'leeftijd', 'geslacht', 'wijk', 'jarenwonen', 'buurt[SQ001]', 'buurt[SQ002]', 'buurt[SQ003]', 'buurt[SQ004]', 'rapportcijfer', 'veilig[overdag]', 'veilig[avond]', 'problemen[SQ001]', 'problemen[SQ002]', 'problemen[SQ003]', 'problemen[SQ004]', 'problemen[SQ005]', 'problemen[other]', 'tevredengemeente', 'contact', 'kanaal[SQ001]', 'kanaal[SQ002]', 'kanaal[SQ003]', 'kanaal[SQ004]', 'kanaal[SQ005]', 'aanbevelen', 'verbeterpunt', 'opmerking'];
  const lines = [header.join(',')];
  const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const { end, days } = span;
  for (let i = 1; i <= respondents; i++) {
    const when = new Date(end.getTime() - Math.floor(rnd() * days) * DAY - Math.floor(rnd() * 12 * 60 + 8 * 60) * 60_000 - Math.floor(rnd() * 60) * 1000);
    const stamp = when.toISOString().slice(0, 19).replace('T', ' ');
    const started = new Date(when.getTime() - Math.floor(5 + rnd() * 20) * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    const district = Math.floor(rnd() * DISTRICTS.length);
    const age = Math.floor(rnd() * AGE_GROUPS.length);
    // Centrum and Haven score lower on the living environment; older residents feel less safe at night.
    const mood = 3.6 - (district === 0 ? 0.5 : 0) - (district === 5 ? 0.7 : 0) + (district === 2 ? 0.3 : 0) + (rnd() - 0.5) * 1.6;
    const likert = () => String(clamp(mood + (rnd() - 0.5) * 1.8, 1, 5));
    const complete = rnd() < 0.93;
    const tick = (p: number) => (rnd() < p ? 'Y' : '');
    const contact = rnd() < 0.45;
    const row = [
      String(i), complete ? stamp : '', started, complete ? '3' : String(1 + Math.floor(rnd() * 2)), 'nl',
      AGE_GROUPS[age]![0], pick(['M', 'V', 'V', 'M', 'X']), DISTRICTS[district]![0], String(clamp(rnd() * rnd() * 60, 0, 80)),
      likert(), likert(), likert(), likert(), String(clamp(mood * 1.7 + 1 + (rnd() - 0.5) * 2, 1, 10)),
      String(clamp(1 + rnd() * 1.2, 1, 3)), String(clamp(1 + rnd() * (age >= 2 ? 2.4 : 1.6) - (mood - 3) * 0.3, 1, 3)),
      tick(district === 0 ? 0.55 : 0.3), tick(0.35), tick(district === 5 ? 0.5 : 0.25), tick(age === 0 ? 0.1 : 0.2), tick(district === 0 ? 0.6 : 0.2), rnd() < 0.04 ? 'Geluidsoverlast van de haven' : '',
      String(clamp(mood + (rnd() - 0.5) * 2, 1, 5)), contact ? 'Y' : 'N',
      contact ? tick(age === 3 ? 0.6 : 0.2) : '', contact ? tick(0.4) : '', contact ? tick(age === 0 ? 0.7 : 0.4) : '', contact ? tick(0.3) : '', contact ? tick(age === 0 ? 0.25 : 0.05) : '',
      String(clamp(mood * 2 + (rnd() - 0.5) * 4, 0, 10)), rnd() < 0.8 ? pick(IMPROVEMENTS) : '', rnd() < 0.35 ? pick(REMARKS) : '',
    ];
    lines.push(row.map(quote).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
