import { createMiddleware } from 'hono/factory';
import { accountHoldOf, type AccountHold } from '../auth/account-hold';
import type { AppEnv } from '../context';
import { AppError } from '../errors';
import { accountMessages } from '../../shared/validation/auth';

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
