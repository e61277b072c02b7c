import type { Client } from '@libsql/client';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions';
import type { ServiceContext } from '../../context';
import { surveys } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { hasRole, type Role } from '../../../shared/permissions';

export type Tx = Parameters<Parameters<ServiceContext['db']['transaction']>[0]>[0];

/** Row-level rule for surveys: a survey belongs to a company; root users see every company's. */
export function visibleSurveys(user: SessionUser): SQL {
  const alive = isNull(surveys.deletedAt);
  if (user.isRoot) return alive;
  if (user.companyId === null) return sql`0`;
  return and(alive, eq(surveys.companyId, user.companyId))!;
}

export function requireSurveyRole(user: SessionUser | null, role: Role | readonly Role[]): asserts user is SessionUser {
  if (!user) throw new AppError('UNAUTHENTICATED', nl.unauthenticated);
  if (!hasRole(user, role)) throw new AppError('FORBIDDEN', nl.forbidden);
}

/** The survey if the user may see it; 404 otherwise (never reveal another company's rows). */
export async function findVisibleSurvey(ctx: ServiceContext & { user: SessionUser }, surveyId: number) {
  const [survey] = await ctx.db.select().from(surveys).where(and(eq(surveys.id, surveyId), visibleSurveys(ctx.user))).limit(1);
  if (!survey) throw new AppError('NOT_FOUND', nl.notFound);
  return survey;
}

/** Splits rows into insert statements under SQLite's bound-parameter limit. */
export function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * The libSQL client under Drizzle, for bulk inserts of many thousand rows per round trip
 * (tokens, responses) where building Drizzle queries would dominate the time.
 */
export function rawClient(db: ServiceContext['db']): Client {
  const client = (db as { $client?: Client }).$client;
  if (!client) throw new Error('database has no libSQL client');
  return client;
}
