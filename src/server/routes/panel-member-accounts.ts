import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { output } from '../http/output';
import { requireRole } from '../middleware/guards';
import {
  erasePanelMemberAccount,
  exportPanelMemberAccounts,
  exportPanelMemberData,
  listPanelMemberAccounts,
  removePanelMemberAccount,
} from '../services/panels/panel-member-accounts';
import { panelsNl } from '../../shared/i18n/panels';
import { PanelMemberQuery } from '../../shared/validation/panels';
import { IdPath } from './params';

const meta = { dutch: panelsNl.member };
const t = panelsNl.accounts;

/**
 * The organisation's panel members (group Panellid) for the 'Panelleden' tab (panel.edit):
 * list and search, CSV export, removal, erasure on request (AVG art. 17) and the export of
 * everything kept about one member (art. 15). Mounted before the user routes (`user/:id`).
 */
export const panelMemberAccountRoutes = new Hono<AppEnv>()
  .get('/user/panel-member', requireRole('panel.edit'), input.query(PanelMemberQuery), async (c) => c.json({ data: await listPanelMemberAccounts(userServiceContext(c), c.req.valid('query')), meta }))
  .get('/user/panel-member/export', requireRole('panel.edit'), input.query(PanelMemberQuery), output.file('text/csv', 'De panelleden van de organisatie als CSV.'), async (c) => {
    const { filename, csv } = await exportPanelMemberAccounts(userServiceContext(c), c.req.valid('query'));
    return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'no-store' });
  })
  .get('/user/panel-member/:id/personal-data', requireRole('panel.edit'), input.params(IdPath), output.file('application/json', 'Alle gegevens van één panellid (inzageverzoek) als JSON.'), async (c) => {
    const { filename, data } = await exportPanelMemberData(userServiceContext(c), c.req.valid('param').id);
    return c.body(JSON.stringify(data, null, 2), 200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Disposition': `attachment; filename="${filename}"`, 'Cache-Control': 'no-store' });
  })
  .delete('/user/panel-member/:id', requireRole('panel.edit'), input.params(IdPath), async (c) =>
    c.json({ data: await removePanelMemberAccount(userServiceContext(c), c.req.valid('param').id), meta, alert: t.removed }),
  )
  .post('/user/panel-member/:id/erase', requireRole('panel.edit'), input.params(IdPath), async (c) =>
    c.json({ data: await erasePanelMemberAccount(userServiceContext(c), c.req.valid('param').id), meta, alert: t.erased }),
  );
