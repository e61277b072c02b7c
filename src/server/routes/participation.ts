import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { requireRole } from '../middleware/guards';
import { presentJob } from '../services/jobs/get-job';
import { getFieldwork, updateFieldwork } from '../services/participate/fieldwork';
import { sendInvitations } from '../services/participate/invitations';
import { linkPanel, unlinkPanel } from '../services/participate/panel-fielding';
import { participateNl } from '../../shared/i18n/participate';
import { surveysNl } from '../../shared/i18n/surveys';
import { FieldworkInput, InvitationInput } from '../../shared/validation/participate';
import { idParam } from './params';

const origin = (url: string) => new URL(url).origin;

/**
 * Fieldwork of a survey (the tokens tab): open/closed and period, invitations and reminders,
 * fielding to panels. Registered before the survey routes: /survey/:id/:lang would match first.
 */
export const participationRoutes = new Hono<AppEnv>()
  .get('/survey/:id/fieldwork', requireRole(['survey.view', 'survey.edit']), async (c) => {
    return c.json({ data: await getFieldwork(userServiceContext(c), idParam(c, 'id'), origin(c.req.url)), meta: { dutch: participateNl.fieldwork.dutch } });
  })
  .put('/survey/:id/fieldwork', requireRole('survey.edit'), input.body(FieldworkInput), async (c) => {
    const id = idParam(c, 'id');
    const data = await updateFieldwork(userServiceContext(c), id, c.req.valid('json'), origin(c.req.url));
    return c.json({ data, meta: { dutch: participateNl.fieldwork.dutch }, alert: participateNl.fieldwork.saved });
  })
  .post('/survey/:id/invitation', requireRole('survey.edit'), input.body(InvitationInput), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    const job = await sendInvitations(userServiceContext(c), id, body, origin(c.req.url));
    return c.json({ data: presentJob(job), meta: { dutch: surveysNl.job }, alert: participateNl.invitations.queued(body.kind) }, 202);
  })
  .put('/survey/:id/panel/:pid', requireRole('survey.edit'), async (c) => {
    const { data, alert } = await linkPanel(userServiceContext(c), idParam(c, 'id'), idParam(c, 'pid'));
    return c.json({ data, meta: { dutch: participateNl.panels.dutch }, alert });
  })
  .delete('/survey/:id/panel/:pid', requireRole('survey.edit'), async (c) => {
    const { data, alert } = await unlinkPanel(userServiceContext(c), idParam(c, 'id'), idParam(c, 'pid'));
    return c.json({ data, meta: { dutch: participateNl.panels.dutch }, alert });
  });
