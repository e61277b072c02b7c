import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { surveys } from '../../src/server/db/schema';
import { importSurvey } from '../../src/server/services/surveys/import-survey';
import { uploadResponses } from '../../src/server/services/surveys/responses/upload-responses';
import { prng } from '../../tests/helpers/response-generator';
import { seedContext } from './context';
import { AGE_GROUPS, demoLss, type DemoQuestion } from './surveys-burgerpeiling';
import { DEMO_PROVIDERS } from './zkn';

const DAY = 86_400_000;
export const DE_LINDE_SURVEY_SID = 616161;
export const DE_LINDE_SURVEY_TITLE = 'Cliëntervaring De Linde 2026';
/** Project 'Cliëntervaringsonderzoek De Linde 2026' (Eva Smit is a member). */
const DE_LINDE_PROJECT = 7;
export const DE_LINDE_ASPECTS: [string, string][] = [
  ['afspraak', 'Het maken van een afspraak'], ['bejegening', 'Hoe u werd bejegend'], ['luisteren', 'Of er naar u werd geluisterd'],
  ['informatie', 'De uitleg en informatie'], ['behandeling', 'De behandeling of zorg zelf'],
];

/**
 * De Linde's client-experience survey as LimeSurvey ran it: every provider sends its clients a
 * link that carries its AGB code (a hidden question filled from the link), then an overall score,
 * the five Zorgkaart aspects as a 10-point array, would-recommend and a comment. It feeds a
 * rating job through the form's 'Enquête' source.
 */
const GROUPS: { name: string; description: string; questions: DemoQuestion[] }[] = [
  {
    name: 'Uw zorgaanbieder',
    description: 'Over welke zorgaanbieder gaat uw beoordeling?',
    questions: [
      { code: 'AGB', type: 'S', text: 'AGB-code van de zorgaanbieder', help: 'Wordt ingevuld vanuit de link in uw uitnodiging.', mandatory: true, attributes: { hidden: '1' } },
      { code: 'bezoek', type: 'D', text: 'Wanneer had u voor het laatst contact met deze zorgaanbieder?', attributes: { date_format: 'dd-mm-yyyy' } },
    ],
  },
  {
    name: 'Uw ervaring',
    description: '',
    questions: [
      { code: 'cijfer', type: 'N', text: 'Welk rapportcijfer (1–10) geeft u deze zorgaanbieder?', mandatory: true, attributes: { min_num_value_n: '1', max_num_value_n: '10', num_value_int_only: '1' } },
      { code: 'aspecten', type: 'B', text: 'Hoe beoordeelt u de zorgaanbieder op deze punten? (1 = zeer slecht, 10 = uitstekend)', subs: DE_LINDE_ASPECTS },
      { code: 'aanbevelen', type: 'Y', text: 'Zou u deze zorgaanbieder aanbevelen aan familie of vrienden?' },
      { code: 'toelichting', type: 'T', text: 'Wilt u uw beoordeling toelichten?', attributes: { maximum_chars: '2000' } },
    ],
  },
  {
    name: 'Over u',
    description: '',
    questions: [{ code: 'leeftijd', type: 'L', text: 'Wat is uw leeftijd?', answers: AGE_GROUPS }],
  },
];

export function deLindeLss(): string {
  return demoLss(
    {
      sid: DE_LINDE_SURVEY_SID, admin: 'Kwaliteit en Veiligheid', title: DE_LINDE_SURVEY_TITLE, description: 'Hoe ervaart u de zorg van De Linde?',
      welcome: 'Welkom. Uw beoordeling helpt onze zorgaanbieders beter te worden.', end: 'Hartelijk dank voor uw beoordeling.', usetokens: 'N', firstQid: 501, firstAid: 5001,
    },
    GROUPS,
  );
}

const COMMENTS = [
  'Altijd vriendelijk en ze nemen de tijd.', 'Lang moeten wachten aan de telefoon.', 'Goede uitleg over mijn medicijnen.',
  'De assistente was erg behulpzaam.', 'Afspraak werd twee keer verzet.', 'Ik voel me serieus genomen.', '',
];

/**
 * About 60 % of the Zorgkaart demo year's numbers per provider, over the last six months, as
 * LimeSurvey's CSV export with question-code headings; 8 % of the clients stopped before the end
 * (no submit date). A few typed the AGB code without its leading zero (the job pads it) and a few
 * arrived through an old link with an AGB code De Linde doesn't have (the job skips them).
 */
export function deLindeResponsesCsv(today: Date): string {
  const rnd = prng(616_161);
  const score = (mean: number) => Math.max(1, Math.min(10, Math.round(mean + (rnd() + rnd() + rnd() - 1.5) * 2.2)));
  const header = ['id', 'submitdate', 'startdate', 'lastpage', 'startlanguage', 'AGB', 'bezoek', 'cijfer', ...DE_LINDE_ASPECTS.map(([c]) => `aspecten[${c}]`), 'aanbevelen', 'toelichting', 'leeftijd'];
  const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const stamp = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
  const lines = [header.join(',')];
  let id = 0;
  const providers = [...DEMO_PROVIDERS.map(([agb, , , , , quality, n]) => [agb, quality, Math.round(n * 0.6)] as const), ['99999999', 7.5, 3] as const];
  for (const [agb, quality, n] of providers) {
    for (let i = 0; i < n; i++) {
      id++;
      const submitted = new Date(today.getTime() - Math.floor(rnd() * 182) * DAY - Math.floor((8 + rnd() * 12) * 3_600_000));
      const started = new Date(submitted.getTime() - Math.floor(3 + rnd() * 12) * 60_000);
      const visit = rnd() < 0.1 ? '' : `${new Date(submitted.getTime() - Math.floor(1 + rnd() * 14) * DAY).toISOString().slice(0, 10)} 00:00:00`;
      const overall = score(quality);
      const complete = rnd() >= 0.08;
      const typed = rnd() < 0.04 ? agb.replace(/^0+/, '') : agb;
      const aspects = DE_LINDE_ASPECTS.map(() => (rnd() < 0.12 ? '' : String(score(overall))));
      const recommend = rnd() < 0.08 ? '' : overall >= 7 || rnd() < 0.15 ? 'Y' : 'N';
      const comment = rnd() < 0.3 ? COMMENTS[Math.floor(rnd() * COMMENTS.length)]! : '';
      const age = AGE_GROUPS[Math.floor(rnd() * AGE_GROUPS.length)]![0];
      const row = complete
        ? [String(id), stamp(submitted), stamp(started), '3', 'nl', typed, visit, String(overall), ...aspects, recommend, comment, age]
        : [String(id), '', stamp(started), '1', 'nl', typed, visit, '', ...DE_LINDE_ASPECTS.map(() => ''), '', '', ''];
      lines.push(row.map(quote).join(','));
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** De Linde's survey, imported and answered through the import services (as an upload of LimeSurvey's export). */
export async function seedZknSurvey(db: Db, today = new Date()): Promise<void> {
  const [existing] = await db.select({ id: surveys.id }).from(surveys).where(and(eq(surveys.lsSid, DE_LINDE_SURVEY_SID), eq(surveys.companyId, 3)));
  if (existing) return;
  const ctx = seedContext(db, today);
  const { id } = await importSurvey(ctx, { xml: deLindeLss(), projectId: DE_LINDE_PROJECT });
  await uploadResponses(ctx, id, new Blob([deLindeResponsesCsv(today)]), 'limesurvey-export-clientervaring-de-linde.csv');
}
