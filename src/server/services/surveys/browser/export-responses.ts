import { auditRow } from '../../audit/audit-row';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { UserServiceContext } from '../../../context';
import { surveyAudit, surveyResponses } from '../../../db/schema';
import { code, csvStream, numeric, type ExportCell } from '../../../../shared/export/writer';
import type { ResponseColumn } from '../column-map';
import type { ResponseFilterQuery } from '../../../../shared/validation/surveys';
import { loadSurveyColumns } from '../responses/survey-columns';
import { findVisibleSurvey, requireSurveyRole } from '../scope';
import { responseFilter } from './filter';

const PAGE = 2000;
const META = ['id', 'token', 'submitdate', 'lastpage', 'startlanguage', 'seed', 'startdate', 'datestamp'] as const;

/** An answer as its cell: numbers and the survey's own answer codes as they are, everything a respondent typed as (formula-safe) text. */
const answerCell = (col: ResponseColumn, v: string | undefined): ExportCell => (col.check.kind === 'number' ? numeric(v) : col.check.kind === 'codes' ? code(v) : v);

/** A column's heading as LimeSurvey's export writes it with "question code" headings: Q1, Q1[SQ001], Q1[SQ001][1]. */
export const exportHeading = (col: { key: string; aliases: string[] }) => col.aliases.find((a) => a.includes('[')) ?? col.key;

/**
 * GET survey/{id}/responses/export: the (filtered) responses as LimeSurvey's CSV export with
 * question-code headings and answer codes — quoted, comma-separated, NULL and '' both empty, typed text formula-safe (shared/export/writer) — so
 * the file imports again, here or in LimeSurvey. Streamed page by page. Recorded in the audit
 * (who, when, which filters, how many rows) because it hands out individual responses.
 */
export async function exportResponsesCsv(ctx: UserServiceContext, surveyId: number, q: ResponseFilterQuery) {
  requireSurveyRole(ctx.user, 'survey.edit');
  const survey = await findVisibleSurvey(ctx, surveyId);
  const { columns } = await loadSurveyColumns(ctx.db, surveyId);
  const where = responseFilter(surveyId, q);
  const header = [...META, ...columns.map(exportHeading)];
  const [[audit]] = await ctx.db.batch([
    ctx.db.insert(surveyAudit).values({ surveyId, userId: ctx.user.id, action: 'response.export', detail: { filters: q } }).returning({ id: surveyAudit.id }),
    auditRow(ctx, { action: 'responses.export', resource: 'survey', resourceId: surveyId, companyId: survey.companyId, summary: `Responsen geëxporteerd (CSV): ${survey.title} (${surveyId})` }),
  ]);
  const db = ctx.db;
  let lastId = 0;
  const stream = csvStream(
    header,
    async () => {
      const page = await db.select().from(surveyResponses).where(and(where, gt(surveyResponses.id, lastId))).orderBy(asc(surveyResponses.id)).limit(PAGE);
      if (page.length) lastId = page[page.length - 1]!.id;
      return page.map((r) => {
        const answers = JSON.parse(r.answers) as Record<string, string>;
        return [r.responseId ?? r.id, r.token, r.submitDate, r.lastPage, r.startLanguage, numeric(r.seed), r.startDate, r.dateStamp, ...columns.map((c) => answerCell(c, answers[c.key]))];
      });
    },
    { quoteAll: true, done: (rows) => db.update(surveyAudit).set({ detail: { filters: q, rows } }).where(eq(surveyAudit.id, audit!.id)).catch(() => undefined) },
  );
  return { stream, filename: `responses_${survey.lsSid ?? survey.id}.csv` };
}
