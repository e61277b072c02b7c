import { and, asc, eq, gt } from 'drizzle-orm';
import type { UserServiceContext } from '../../../context';
import { surveyAudit, surveyResponses } from '../../../db/schema';
import type { ResponseFilterQuery } from '../../../../shared/validation/surveys';
import { loadSurveyColumns } from '../responses/survey-columns';
import { findVisibleSurvey, requireSurveyRole } from '../scope';
import { responseFilter } from './filter';

const PAGE = 2000;
const META = ['id', 'token', 'submitdate', 'lastpage', 'startlanguage', 'seed', 'startdate', 'datestamp'] as const;
const quote = (v: unknown) => `"${String(v ?? '').replace(/"/g, '""')}"`;

/** A column's heading as LimeSurvey's export writes it with "question code" headings: Q1, Q1[SQ001], Q1[SQ001][1]. */
export const exportHeading = (col: { key: string; aliases: string[] }) => col.aliases.find((a) => a.includes('[')) ?? col.key;

/**
 * GET survey/{id}/responses/export: the (filtered) responses as LimeSurvey's CSV export with
 * question-code headings and answer codes — quoted, comma-separated, NULL and '' both empty — so
 * the file imports again, here or in LimeSurvey. Streamed page by page. Recorded in the audit
 * (who, when, which filters, how many rows) because it hands out individual responses.
 */
export async function exportResponsesCsv(ctx: UserServiceContext, surveyId: number, q: ResponseFilterQuery) {
  requireSurveyRole(ctx.user, 'survey.edit');
  const survey = await findVisibleSurvey(ctx, surveyId);
  const { columns } = await loadSurveyColumns(ctx.db, surveyId);
  const where = responseFilter(surveyId, q);
  const header = [...META, ...columns.map(exportHeading)];
  const [audit] = await ctx.db.insert(surveyAudit).values({ surveyId, userId: ctx.user.id, action: 'response.export', detail: { filters: q } }).returning({ id: surveyAudit.id });
  const encoder = new TextEncoder();
  const db = ctx.db;
  let lastId = 0;
  let rows = 0;
  let started = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`${header.map(quote).join(',')}\r\n`));
        return;
      }
      const page = await db.select().from(surveyResponses).where(and(where, gt(surveyResponses.id, lastId))).orderBy(asc(surveyResponses.id)).limit(PAGE);
      if (!page.length) {
        await db.update(surveyAudit).set({ detail: { filters: q, rows } }).where(eq(surveyAudit.id, audit!.id)).catch(() => undefined);
        return controller.close();
      }
      lastId = page[page.length - 1]!.id;
      rows += page.length;
      const lines = page.map((r) => {
        const answers = JSON.parse(r.answers) as Record<string, string>;
        return [r.responseId ?? r.id, r.token, r.submitDate, r.lastPage, r.startLanguage, r.seed, r.startDate, r.dateStamp, ...columns.map((c) => answers[c.key])].map(quote).join(',');
      });
      controller.enqueue(encoder.encode(`${lines.join('\r\n')}\r\n`));
    },
  });
  return { stream, filename: `responses_${survey.lsSid ?? survey.id}.csv` };
}
