import { and, asc, count, eq, like, ne, or, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { UserServiceContext } from '../../context';
import { surveyTokens } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { surveysNl } from '../../../shared/i18n/surveys';
import type { TokenListQuery } from '../../../shared/validation/surveys';
import { findVisibleSurvey, requireSurveyRole } from './scope';

type TokenRow = typeof surveyTokens.$inferSelect;

export function presentToken(t: TokenRow) {
  return {
    id: t.id, token: t.token, firstname: t.firstname, lastname: t.lastname, email: t.email, emailstatus: t.emailStatus, language: t.language,
    sent: t.sent, remindersent: t.reminderSent, remindercount: t.reminderCount, completed: t.completed, usesleft: t.usesLeft,
    validfrom: t.validFrom, validuntil: t.validUntil, attributes: t.attributes,
  };
}

/** GET survey/{id}/token: paged, searchable on token, name and e-mail. */
export async function listTokens(ctx: UserServiceContext, surveyId: number, q: TokenListQuery) {
  requireSurveyRole(ctx.user, ['survey.view', 'survey.edit']);
  await findVisibleSurvey(ctx, surveyId);
  const term = q.search?.trim() ? `%${q.search.trim().replace(/[%_]/g, '')}%` : undefined;
  const where = and(
    eq(surveyTokens.surveyId, surveyId),
    term ? or(like(surveyTokens.token, term), like(surveyTokens.firstname, term), like(surveyTokens.lastname, term), like(surveyTokens.email, term)) : undefined,
    q.completed === 'Y' ? ne(surveyTokens.completed, 'N') : q.completed === 'N' ? eq(surveyTokens.completed, 'N') : undefined,
  );
  const [rows, total] = await Promise.all([
    ctx.db.select().from(surveyTokens).where(where).orderBy(asc(surveyTokens.id)).limit(q.per_page).offset((q.page - 1) * q.per_page),
    ctx.db.select({ n: count() }).from(surveyTokens).where(where),
  ]);
  return { data: rows.map(presentToken), meta: { total: total[0]?.n ?? 0, page: q.page, per_page: q.per_page } };
}

const STANDARD_FIELDS = ['firstname', 'lastname', 'email', 'language', 'completed', 'usesleft'] as const;
const COLUMN: Record<(typeof STANDARD_FIELDS)[number], SQLiteColumn> = {
  firstname: surveyTokens.firstname, lastname: surveyTokens.lastname, email: surveyTokens.email, language: surveyTokens.language,
  completed: surveyTokens.completed, usesleft: surveyTokens.usesLeft,
};

/** GET survey/{id}/tokenField: the participant fields, attribute captions from the survey. */
export async function listTokenFields(ctx: UserServiceContext, surveyId: number) {
  requireSurveyRole(ctx.user, ['survey.view', 'survey.edit']);
  const survey = await findVisibleSurvey(ctx, surveyId);
  const attributes = Object.entries(survey.attributeDescriptions).sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }));
  return [
    ...STANDARD_FIELDS.map((field) => ({ field, label: field, attribute: false })),
    ...attributes.map(([field, label]) => ({ field, label: label || field, attribute: true })),
  ];
}

/** GET survey/{id}/tokenfield/{field}/answer: the distinct values of a participant field, with counts. */
export async function listTokenFieldAnswers(ctx: UserServiceContext, surveyId: number, field: string) {
  requireSurveyRole(ctx.user, ['survey.view', 'survey.edit']);
  const survey = await findVisibleSurvey(ctx, surveyId);
  let expr;
  if (field in COLUMN) expr = sql`${COLUMN[field as keyof typeof COLUMN]}`;
  else if (/^attribute_\d+$/.test(field) && field in survey.attributeDescriptions) expr = sql`json_extract(${surveyTokens.attributes}, ${`$.${field}`})`;
  else throw new AppError('NOT_FOUND', surveysNl.tokens.unknownField);
  const rows = await ctx.db
    .select({ value: sql<string | null>`${expr}`, n: count() })
    .from(surveyTokens)
    .where(eq(surveyTokens.surveyId, surveyId))
    .groupBy(expr)
    .orderBy(expr)
    .limit(1000);
  return rows.map((r) => ({ value: r.value === null ? '' : String(r.value), count: r.n }));
}

/** PUT survey/{id}/token/toggle: completed 'N' ↔ the moment it is marked complete. */
export async function toggleTokenCompleted(ctx: UserServiceContext, surveyId: number, tokenId: number) {
  requireSurveyRole(ctx.user, 'survey.edit');
  await findVisibleSurvey(ctx, surveyId);
  const [t] = await ctx.db.select().from(surveyTokens).where(and(eq(surveyTokens.id, tokenId), eq(surveyTokens.surveyId, surveyId)));
  if (!t) throw new AppError('NOT_FOUND', nl.notFound);
  const completed = t.completed === 'N' ? ctx.now.toISOString().slice(0, 16).replace('T', ' ') : 'N';
  const [row] = await ctx.db.update(surveyTokens).set({ completed }).where(eq(surveyTokens.id, tokenId)).returning();
  return presentToken(row!);
}
