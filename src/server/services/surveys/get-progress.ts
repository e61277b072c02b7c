import { sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { schemeColors, textColorFor, type ChartSpec } from '../../../shared/chart-spec';
import { periodLabel } from '../../../shared/chart/periods';
import { surveysNl } from '../../../shared/i18n/surveys';
import { findVisibleSurvey, requireSurveyRole } from './scope';

const DAY_MS = 86_400_000;
const t = surveysNl.progress;

/** Monday of the ISO week of a day number (days since 1970-01-01, a Thursday). */
const weekStart = (day: number) => day - ((day + 3) % 7);
const monthStart = (day: number) => {
  const d = new Date(day * DAY_MS);
  return Math.floor(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / DAY_MS);
};
const nextMonth = (day: number) => {
  const d = new Date(day * DAY_MS);
  return Math.floor(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / DAY_MS);
};

/**
 * The survey screen's 'Voortgang': completed and incomplete responses per week (per month when the
 * fieldwork spans more than half a year) as a line chart of the shared chart model, and how many
 * tokens were invited and completed. Only for staff with survey.edit of the survey's company —
 * the same people who may open individual responses — so the counts are not suppressed; they say
 * how the fieldwork goes, nothing about answers. One round trip (two grouped counts in a batch).
 */
export async function getSurveyProgress(ctx: UserServiceContext, surveyId: number) {
  requireSurveyRole(ctx.user, 'survey.edit');
  await findVisibleSurvey(ctx, surveyId);
  const [days, tokens] = await ctx.db.batch([
    ctx.db.all<{ day: string | null; complete: number; n: number }>(
      sql`select substr(coalesce(submit_date, date_stamp, start_date), 1, 10) as day, submit_date is not null as complete, count(*) as n from survey_responses where survey_id = ${surveyId} group by 1, 2`,
    ),
    ctx.db.all<{ total: number; sent: number; completed: number }>(
      sql`select count(*) as total, coalesce(sum(sent <> 'N'), 0) as sent, coalesce(sum(completed <> 'N'), 0) as completed from survey_tokens where survey_id = ${surveyId}`,
    ),
  ]);
  let complete = 0, incomplete = 0, undated = 0;
  const byDay: { day: number; complete: boolean; n: number }[] = [];
  for (const r of days) {
    const n = Number(r.n);
    if (r.complete) complete += n;
    else incomplete += n;
    // LimeSurvey's "completed, time unknown" (datestamp off) has no place on a time axis.
    const iso = r.day && /^\d{4}-\d{2}-\d{2}$/.test(r.day) && !r.day.startsWith('1980-01-01') ? r.day : null;
    if (!iso) undated += n;
    else byDay.push({ day: Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS), complete: Boolean(r.complete), n });
  }
  const token = tokens[0] ?? { total: 0, sent: 0, completed: 0 };
  return {
    totals: { complete, incomplete, undated },
    tokens: { total: Number(token.total), sent: Number(token.sent), completed: Number(token.completed) },
    chart: progressChart(byDay),
  };
}

function progressChart(byDay: { day: number; complete: boolean; n: number }[]): ChartSpec | null {
  if (!byDay.length) return null;
  const first = Math.min(...byDay.map((d) => d.day));
  const last = Math.max(...byDay.map((d) => d.day));
  const granularity = last - first > 183 ? 'month' : 'week';
  const start = granularity === 'month' ? monthStart : weekStart;
  const periods: number[] = [];
  for (let p = start(first); p <= last; p = granularity === 'month' ? nextMonth(p) : p + 7) periods.push(p);
  const index = new Map(periods.map((p, i) => [p, i]));
  const done = periods.map(() => 0);
  const open = periods.map(() => 0);
  for (const d of byDay) (d.complete ? done : open)[index.get(start(d.day))!]! += d.n;
  const [c1, c2] = schemeColors(null, 2);
  const series = (key: string, label: string, values: number[], color: string) => ({
    key, label, values, counts: null, n: values.reduce((a, b) => a + b, 0), suppressed: null, color, textColor: textColorFor(color), pattern: null,
  });
  return {
    id: 0, kind: 'line', typeKey: 'line', title: granularity === 'month' ? t.chartTitleMonth : t.chartTitleWeek, format: 'count', unit: '', decimals: 0,
    range: { min: 0, max: null }, timeAxis: true, colorBy: 'series',
    categories: periods.map((p) => ({ key: new Date(p * DAY_MS).toISOString().slice(0, 10), label: periodLabel(p, granularity) })),
    series: [series('complete', t.complete, done, c1!), series('incomplete', t.incomplete, open, c2!)],
    showN: false, usePatterns: false, notes: [], questions: [], minN: null,
  };
}
