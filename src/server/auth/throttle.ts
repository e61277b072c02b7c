import type { InStatement, Row } from '@libsql/client';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { throttles } from '../db/schema';
import { AppError } from '../errors';
import { accountMessages } from '../../shared/validation/auth';

export interface ThrottleRule {
  scope: string;
  limit: number;
  windowMs: number;
}

const MIN = 60_000;

/**
 * The limits (fixed windows, per account and per IP). Login counts failures only, so a team
 * behind one office IP can log in all day; the per-account limit stops guessing one password.
 */
export const THROTTLES = {
  loginAccount: { scope: 'login:account', limit: 5, windowMs: 15 * MIN },
  loginIp: { scope: 'login:ip', limit: 30, windowMs: 15 * MIN },
  twoFactorUser: { scope: '2fa:user', limit: 10, windowMs: 15 * MIN },
  twoFactorIp: { scope: '2fa:ip', limit: 30, windowMs: 15 * MIN },
  passwordEmailAccount: { scope: 'password-email:account', limit: 3, windowMs: 15 * MIN },
  passwordEmailIp: { scope: 'password-email:ip', limit: 20, windowMs: 15 * MIN },
  passwordResetIp: { scope: 'password-reset:ip', limit: 20, windowMs: 15 * MIN },
  tokenIp: { scope: 'token:ip', limit: 30, windowMs: 15 * MIN },
  inviteUser: { scope: 'invite:user', limit: 50, windowMs: 60 * MIN },
  // Taking part (/meedoen): wrong codes per IP (right ones are free, a school class shares an IP),
  // every code entry per code, and page submissions per code and per IP.
  participateCodeIp: { scope: 'participate-code:ip', limit: 20, windowMs: 15 * MIN },
  participateCodeToken: { scope: 'participate-code:token', limit: 30, windowMs: 15 * MIN },
  participateSubmitToken: { scope: 'participate-submit:token', limit: 300, windowMs: 15 * MIN },
  participateSubmitIp: { scope: 'participate-submit:ip', limit: 3000, windowMs: 15 * MIN },
  // The help form without login (/hulp, /meedoen/hulp): every question counts, per IP and per address.
  helpQuestionIp: { scope: 'help-question:ip', limit: 10, windowMs: 15 * MIN },
  helpQuestionEmail: { scope: 'help-question:email', limit: 3, windowMs: 15 * MIN },
} as const satisfies Record<string, ThrottleRule>;

const keyOf = (rule: ThrottleRule, id: string | number | null) => `${rule.scope}:${id ?? 'unknown'}`;

function throttled(retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError('THROTTLED', accountMessages.throttled(Math.ceil(seconds / 60)), undefined, {
    'Retry-After': String(seconds),
  });
}

/** Throws 429 when the window for this key is already full, without counting this request. */
export async function assertNotThrottled(db: Db, rule: ThrottleRule, id: string | number | null, now: Date) {
  throttleCheck(rule, now, (await throttleRowQuery(db, rule, id))[0]);
}

/** The counter row of a key (a query builder for a read batch); judge it with throttleCheck. */
export const throttleRowQuery = (db: Db, rule: ThrottleRule, id: string | number | null) =>
  db.select().from(throttles).where(eq(throttles.key, keyOf(rule, id))).limit(1);

/** assertNotThrottled's judgement of a row read by throttleRowQuery. */
export function throttleCheck(rule: ThrottleRule, now: Date, row: { windowStart: Date; count: number } | undefined) {
  if (!row) return;
  const endsAt = row.windowStart.getTime() + rule.windowMs;
  if (endsAt > now.getTime() && row.count >= rule.limit) throw throttled(endsAt - now.getTime());
}

/** Counts one attempt (a new window starts when the old one ran out); returns the count. */
export async function recordAttempt(db: Db, rule: ThrottleRule, id: string | number | null, now: Date) {
  const [row] = await recordAttemptQuery(db, rule, id, now);
  return row!;
}

/** recordAttempt as a query builder, so a request can put it into one write batch. */
export function recordAttemptQuery(db: Db, rule: ThrottleRule, id: string | number | null, now: Date) {
  const t = now.getTime();
  const stale = sql`${throttles.windowStart} <= ${t - rule.windowMs}`;
  return db
    .insert(throttles)
    .values({ key: keyOf(rule, id), windowStart: now, count: 1, expiresAt: new Date(t + rule.windowMs) })
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        count: sql`case when ${stale} then 1 else ${throttles.count} + 1 end`,
        windowStart: sql`case when ${stale} then ${t} else ${throttles.windowStart} end`,
        expiresAt: sql`case when ${stale} then ${t + rule.windowMs} else ${throttles.expiresAt} end`,
      },
    })
    .returning({ count: throttles.count, windowStart: throttles.windowStart });
}

/** Counts this request and throws 429 when it goes over the limit (for endpoints counting every call). */
export async function consumeAttempt(db: Db, rule: ThrottleRule, id: string | number | null, now: Date) {
  const row = await recordAttempt(db, rule, id, now);
  if (row.count > rule.limit) throw throttled(row.windowStart.getTime() + rule.windowMs - now.getTime());
}

/**
 * The same counting as recordAttempt as one raw statement, so a hot path can put its throttle
 * counters into the batch that reads its data (one round trip). Read the row with `exceeded`.
 */
export function attemptStatement(rule: ThrottleRule, id: string | number | null, now: Date): InStatement {
  const t = now.getTime();
  const stale = `window_start <= ${t - rule.windowMs}`;
  return {
    sql: `insert into throttles (key, window_start, count, expires_at) values (?, ?, 1, ?) on conflict (key) do update set
      count = case when ${stale} then 1 else count + 1 end,
      window_start = case when ${stale} then ${t} else window_start end,
      expires_at = case when ${stale} then ${t + rule.windowMs} else expires_at end
      returning count, window_start`,
    args: [keyOf(rule, id), t, t + rule.windowMs],
  };
}

/** Reads a counter without counting (a read batch); judge it with `wouldExceed`. */
export function counterStatement(rule: ThrottleRule, id: string | number | null): InStatement {
  return { sql: 'select count, window_start from throttles where key = ?', args: [keyOf(rule, id)] };
}

/** The 429 when one more attempt would go over the limit in the current window, else null. */
export function wouldExceed(rule: ThrottleRule, row: Row | undefined, now: Date): AppError | null {
  if (!row) return null;
  const endsAt = Number(row.window_start) + rule.windowMs;
  return endsAt > now.getTime() && Number(row.count) >= rule.limit ? throttled(endsAt - now.getTime()) : null;
}

/** The 429 for a counter row of attemptStatement that went over the limit, else null. */
export function exceeded(rule: ThrottleRule, row: Row | undefined, now: Date): AppError | null {
  if (!row || Number(row.count) <= rule.limit) return null;
  return throttled(Number(row.window_start) + rule.windowMs - now.getTime());
}

export async function clearThrottle(db: Db, rule: ThrottleRule, id: string | number | null) {
  await clearThrottleQuery(db, rule, id);
}

/** clearThrottle as a query builder, for a write batch. */
export const clearThrottleQuery = (db: Db, rule: ThrottleRule, id: string | number | null) => db.delete(throttles).where(eq(throttles.key, keyOf(rule, id)));

/** Cron: drop windows that ran out. */
export async function deleteExpiredThrottles(db: Db, now = new Date()): Promise<number> {
  return (await db.delete(throttles).where(lt(throttles.expiresAt, now))).rowsAffected;
}
