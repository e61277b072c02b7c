import type { Context } from 'hono';
import type { SessionInfo, SessionUser } from './auth/sessions';
import type { Db } from './db/client';
import type { Bindings, Config } from './env';

export interface AppVariables {
  requestId: string;
  db: Db;
  config: Config;
  user: SessionUser | null;
  session: SessionInfo | null;
}

export type AppEnv = { Bindings: Bindings; Variables: AppVariables };
export type AppContext = Context<AppEnv>;

/** What every service receives: the database (or transaction), the user and the clock. */
export interface ServiceContext {
  db: Db;
  user: SessionUser | null;
  now: Date;
}

export interface UserServiceContext extends ServiceContext {
  user: SessionUser;
}

export function serviceContext(c: AppContext): ServiceContext {
  return { db: c.var.db, user: c.var.user, now: new Date() };
}

export function clientMeta(c: AppContext) {
  return {
    ip: c.req.header('cf-connecting-ip') ?? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() ?? null,
    userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
  };
}
