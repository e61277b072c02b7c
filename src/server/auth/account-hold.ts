import type { SessionUser } from './sessions';

export type AccountHold = 'two_factor' | 'password' | null;

/** Administrators without two-factor first set it up; an expired password is replaced first. */
export function accountHoldOf(user: SessionUser | null): AccountHold {
  if (!user) return null;
  if (user.mustEnable2fa && !user.twoFactorConfirmed) return 'two_factor';
  if (user.mustChangePassword) return 'password';
  return null;
}
