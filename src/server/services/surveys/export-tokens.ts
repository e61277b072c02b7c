import { and, asc, eq, gt } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { surveyTokens } from '../../db/schema';
import { code, csvStream } from '../../../shared/export/writer';
import { auditRow } from '../audit/audit-row';
import { findVisibleSurvey, requireSurveyRole } from './scope';

const PAGE = 5000;

/**
 * Tokens as LimeSurvey's participant CSV (BOM, fixed header, `attribute_N <caption>`), so the
 * file re-imports into LimeSurvey. Streamed page by page: 1,000,000 tokens never sit in memory.
 * Participation codes let their holder answer as the respondent and come with names and e-mail
 * addresses: personal data, so the export needs `survey.tokens.export` (not the Api group's
 * upload rights) and leaves an audit row before the first byte.
 */
export async function exportTokensCsv(ctx: UserServiceContext, surveyId: number) {
  requireSurveyRole(ctx.user, 'survey.tokens.export');
  const survey = await findVisibleSurvey(ctx, surveyId);
  await auditRow(ctx, { action: 'tokens.export', resource: 'survey', resourceId: survey.id, companyId: survey.companyId, summary: `Tokens geëxporteerd (codes, namen, e-mailadressen): ${survey.title} (${survey.id})` });
  const attributes = Object.keys(survey.attributeDescriptions).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const header = [
    'tid', 'firstname', 'lastname', 'email', 'emailstatus', 'token', 'language', 'validfrom', 'validuntil', 'invited', 'reminded', 'remindercount', 'completed', 'usesleft',
    ...attributes.map((a) => ` ${a} <${survey.attributeDescriptions[a]}>`),
  ];
  let lastId = 0;
  const db = ctx.db;
  const stream = csvStream(
    header,
    async () => {
      const rows = await db.select().from(surveyTokens).where(and(eq(surveyTokens.surveyId, surveyId), gt(surveyTokens.id, lastId))).orderBy(asc(surveyTokens.id)).limit(PAGE);
      if (rows.length) lastId = rows[rows.length - 1]!.id;
      return rows.map((t) => [t.id, t.firstname, t.lastname, t.email, code(t.emailStatus), t.token, code(t.language), t.validFrom, t.validUntil, code(t.sent), code(t.reminderSent), t.reminderCount, code(t.completed), t.usesLeft, ...attributes.map((a) => t.attributes[a])]);
    },
    { bom: true, quoteAll: true },
  );
  return { stream, filename: `tokens_${survey.lsSid ?? survey.id}.csv` };
}
