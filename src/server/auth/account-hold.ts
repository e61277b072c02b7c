import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';
import { AppError } from '../errors';
import type { SessionUser } from './sessions';
import { accountMessages } from '../../shared/validation/auth';

export type AccountHold = 'two_factor' | 'password' | null;

/** Administrators without two-factor first set it up; an expired password is replaced first. */
export function accountHoldOf(user: SessionUser | null): AccountHold {
  if (!user) return null;
  if (user.mustEnable2fa && !user.twoFactorConfirmed) return 'two_factor';
  if (user.mustChangePassword) return 'password';
  return null;
}

// The calls a held user needs to finish the hold (paths relative to /portal/api/v2).
const ALLOWED: Record<Exclude<AccountHold, null>, RegExp> = {
  two_factor: /^\/(bootstrap|theme\/css|2fa\/[a-z_.]+)$/,
  password: /^\/(bootstrap|theme\/css)$/,
};

/** Server side of the AccountGate: a held user gets 403 on every other API call. */
export const enforceAccountHold = createMiddleware<AppEnv>(async (c, next) => {
  const hold = accountHoldOf(c.get('user'));
  if (hold) {
    const path = c.req.path.replace(/^\/portal\/api\/v2/, '');
    if (!ALLOWED[hold].test(path)) {
      throw new AppError('FORBIDDEN', hold === 'two_factor' ? accountMessages.holdTwoFactor : accountMessages.holdPassword);
    }
  }
  await next();
});
