import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { output } from '../http/output';
import { requireRole } from '../middleware/guards';
import { exportOwnData } from '../services/panels/export-own-data';
import { getUserPanels, saveUserAnswers } from '../services/panels/user-answers';
import { panelsNl } from '../../shared/i18n/panels';
import { PanelAnswersInput } from '../../shared/validation/panels';
import { idParam } from './params';

const meta = { dutch: panelsNl.answers };

/** A member's own background data (spec 001 §7 PUT user/{id}/answer) and their own-data download; own id only (else 404). */
export const panelAnswerRoutes = new Hono<AppEnv>()
  .get('/user/:id/answer', requireRole('panel.access'), async (c) => c.json({ data: await getUserPanels(userServiceContext(c), idParam(c, 'id')), meta }))
  .put('/user/:id/answer', requireRole('panel.access'), input.body(PanelAnswersInput), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    return c.json({ data: await saveUserAnswers(userServiceContext(c), id, body), meta, alert: panelsNl.profile.saved });
  })
  .get('/user/:id/panel-data', requireRole('panel.access'), output.file('application/json', 'Alle eigen panelgegevens als JSON-bestand (inzage, AVG art. 15).'), async (c) => {
    const data = await exportOwnData(userServiceContext(c), idParam(c, 'id'));
    return c.body(JSON.stringify(data, null, 2), 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="mijn-panelgegevens-${data.generated_at.slice(0, 10)}.json"`,
      'Cache-Control': 'no-store',
    });
  });
