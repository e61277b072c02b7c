import { and, asc, eq, gt } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { surveyTokens } from '../../db/schema';
import { findVisibleSurvey, requireSurveyRole } from './scope';

const PAGE = 5000;
const quote = (v: unknown) => `"${String(v ?? '').replace(/"/g, '""')}"`;

/**
 * Tokens as LimeSurvey's participant CSV (BOM, fixed header, `attribute_N <caption>`), so the
 * file re-imports into LimeSurvey. Streamed page by page: 1,000,000 tokens never sit in memory.
 */
export async function exportTokensCsv(ctx: UserServiceContext, surveyId: number) {
  requireSurveyRole(ctx.user, ['survey.view', 'survey.edit']);
  const survey = await findVisibleSurvey(ctx, surveyId);
  const attributes = Object.keys(survey.attributeDescriptions).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const header = [
    'tid', 'firstname', 'lastname', 'email', 'emailstatus', 'token', 'language', 'validfrom', 'validuntil', 'invited', 'reminded', 'remindercount', 'completed', 'usesleft',
    ...attributes.map((a) => ` ${a} <${survey.attributeDescriptions[a]}>`),
  ];
  const encoder = new TextEncoder();
  let lastId = 0;
  let started = false;
  const db = ctx.db;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${header.map(quote).join(',')}\r\n`));
        return;
      }
      const rows = await db.select().from(surveyTokens).where(and(eq(surveyTokens.surveyId, surveyId), gt(surveyTokens.id, lastId))).orderBy(asc(surveyTokens.id)).limit(PAGE);
      if (!rows.length) return controller.close();
      lastId = rows[rows.length - 1]!.id;
      const lines = rows.map((t) =>
        [t.id, t.firstname, t.lastname, t.email, t.emailStatus, t.token, t.language, t.validFrom, t.validUntil, t.sent, t.reminderSent, t.reminderCount, t.completed, t.usesLeft, ...attributes.map((a) => t.attributes[a])]
          .map(quote)
          .join(','),
      );
      controller.enqueue(encoder.encode(`${lines.join('\r\n')}\r\n`));
    },
  });
  return { stream, filename: `tokens_${survey.lsSid ?? survey.id}.csv` };
}
