import type { Context } from 'hono';
import type { SessionInfo, SessionUser } from './auth/sessions';
import type { Db } from './db/client';
import type { Bindings, Config } from './env';
import { r2FileStore } from './files/store';
import { queueJobSystem } from './jobs/enqueue';
import type { JobSystem } from './jobs/types';
import { createMailer, type Mailer } from './mail/mailer';

export interface AppVariables {
  requestId: string;
  db: Db;
  config: Config;
  user: SessionUser | null;
  session: SessionInfo | null;
  /** The report data generation read with the session (null without a session): middleware/session.ts. */
  dataGeneration: number | null;
  /** A report data call's access check, answered with the session (middleware/session.ts); null when not asked. */
  reportAccess: { reportId: number; visible: boolean } | null;
}

export type AppEnv = { Bindings: Bindings; Variables: AppVariables };
export type AppContext = Context<AppEnv>;

/** What every service receives: the database (or transaction), the user, the clock, adapters. */
export interface ServiceContext {
  db: Db;
  user: SessionUser | null;
  now: Date;
  config: Config;
  mailer: Mailer;
  /** Long work (ARCHITECTURE §5) and the files it reads; absent when the bindings JOBS/FILES are missing. */
  jobs?: JobSystem;
  /** The client address of the request (cf-connecting-ip), for the audit trail; absent in jobs. */
  ip?: string | null;
}

export interface UserServiceContext extends ServiceContext {
  user: SessionUser;
}

/**
 * The mailer and the job system are made on first use (most requests send no mail and start no
 * job; building both on every call was ~1 % of a cached report data call's Worker JavaScript).
 * They are plain properties once read, so a spread copy (`{ ...ctx, db: tx }`) sees the same ones.
 */
export function serviceContext(c: AppContext): ServiceContext {
  const db = c.get('db');
  const config = c.get('config');
  let mailer: Mailer | undefined;
  let jobs: JobSystem | undefined | null;
  return {
    db,
    user: c.get('user'),
    now: new Date(),
    config,
    ip: clientMeta(c).ip,
    get mailer() {
      return (mailer ??= createMailer(db, config));
    },
    get jobs() {
      if (jobs === null) return undefined;
      if (jobs === undefined) {
        const { JOBS, FILES } = c.env;
        jobs = JOBS && FILES ? queueJobSystem(db, JOBS, r2FileStore(FILES)) : null;
      }
      return jobs ?? undefined;
    },
  };
}

/** For routes behind requireUser/requireRole: the context with a non-null user. */
export function userServiceContext(c: AppContext): UserServiceContext {
  const ctx = serviceContext(c);
  if (!ctx.user) throw new Error('userServiceContext used on a route without a login guard');
  return ctx as UserServiceContext;
}

export function clientMeta(c: AppContext) {
  return {
    ip: c.req.header('cf-connecting-ip') ?? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() ?? null,
    userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
  };
}
