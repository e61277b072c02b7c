import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { output } from '../http/output';
import { requireUser } from '../middleware/guards';
import { cancelTwoFactorSetup } from '../services/auth/two-factor/cancel-two-factor-setup';
import { confirmTwoFactor } from '../services/auth/two-factor/confirm-two-factor';
import { disableTwoFactor } from '../services/auth/two-factor/disable-two-factor';
import { enableTwoFactor } from '../services/auth/two-factor/enable-two-factor';
import { getBackupCodesCsv } from '../services/auth/two-factor/get-backup-codes';
import { requestTwoFactorSetup } from '../services/auth/two-factor/request-two-factor-setup';
import { accountsNl } from '../../shared/i18n/accounts';
import { TwoFactorCodeInput, TwoFactorPasswordInput } from '../../shared/validation/auth';

/** /portal/api/v2/2fa/*: the setup dialog of spec 001 §4 for the signed-in user's own account. */
export const twoFactorRoutes = new Hono<AppEnv>()
  .post('/2fa/request', requireUser, input.body(TwoFactorPasswordInput), async (c) => {
    const body = c.req.valid('json');
    return c.json({ data: await requestTwoFactorSetup(userServiceContext(c), body) });
  })
  .get('/2fa/backup_codes.csv', requireUser, output.file('text/csv', 'De herstelcodes als CSV.'), async (c) => {
    const csv = await getBackupCodesCsv(userServiceContext(c));
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="backup_codes.csv"',
    });
  })
  .post('/2fa/enable', requireUser, input.body(TwoFactorCodeInput), async (c) => {
    const body = c.req.valid('json');
    return c.json({ data: await enableTwoFactor(userServiceContext(c), body) });
  })
  .post('/2fa/confirm', requireUser, async (c) => {
    await confirmTwoFactor(userServiceContext(c));
    return c.json({ data: { twoFactorConfirmed: true }, alert: accountsNl.twoFactor.done });
  })
  .post('/2fa/cancel', requireUser, output.noContent('De instelling van tweestapsverificatie is afgebroken.'), async (c) => {
    await cancelTwoFactorSetup(userServiceContext(c));
    return c.body(null, 204);
  })
  .post('/2fa/disable', requireUser, input.body(TwoFactorPasswordInput), async (c) => {
    const body = c.req.valid('json');
    await disableTwoFactor(userServiceContext(c), body);
    return c.json({ data: { twoFactorConfirmed: false }, alert: accountsNl.twoFactor.disabled });
  });
