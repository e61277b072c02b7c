import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { requireRole } from '../middleware/guards';
import { setCompanyAdmin } from '../services/companies/set-company-admin';
import { setCompanyDefaultTheme, setCompanyTheme } from '../services/companies/set-company-theme';
import { companiesNl } from '../../shared/i18n/companies';
import { catalogueText } from '../../shared/api-catalogue';
import { idParam } from './params';
import { input } from '../http/input';
import { setEmbedDomains } from '../services/companies/set-embed-domains';
import { sharingNl } from '../../shared/i18n/sharing';
import { EmbedDomainsInput } from '../../shared/validation/sharing';

const adminMeta = { dutch: companiesNl.admin };
const themeMeta = { dutch: companiesNl.companyTheme };

/** What hangs on a company: its admins (PUT/DELETE company/{id}/admin/{uid}), themes (/theme, /defaultTheme) and the websites that may embed its reports (PUT /embed). */
export const companyLinkRoutes = new Hono<AppEnv>()
  .put('/company/:id/embed', requireRole('company.edit'), input.body(EmbedDomainsInput), async (c) => {
    const id = idParam(c, 'id');
    return c.json({ data: await setEmbedDomains(userServiceContext(c), id, c.req.valid('json')), meta: { dutch: sharingNl.embedDomains.title }, alert: sharingNl.embedDomains.saved });
  })
  .put('/company/:id/admin/:uid', requireRole('company.edit'), async (c) => {
    const data = await setCompanyAdmin(userServiceContext(c), idParam(c, 'id'), idParam(c, 'uid'), true);
    return c.json({ data, meta: adminMeta, alert: catalogueText.saved(companiesNl.admin) });
  })
  .delete('/company/:id/admin/:uid', requireRole('company.edit'), async (c) => {
    const data = await setCompanyAdmin(userServiceContext(c), idParam(c, 'id'), idParam(c, 'uid'), false);
    return c.json({ data, meta: adminMeta, alert: catalogueText.deleted });
  })
  .put('/company/:id/theme/:tid', requireRole('company.edit'), async (c) => {
    const data = await setCompanyTheme(userServiceContext(c), idParam(c, 'id'), idParam(c, 'tid'), true);
    return c.json({ data, meta: themeMeta, alert: catalogueText.saved(companiesNl.companyTheme) });
  })
  .delete('/company/:id/theme/:tid', requireRole('company.edit'), async (c) => {
    const data = await setCompanyTheme(userServiceContext(c), idParam(c, 'id'), idParam(c, 'tid'), false);
    return c.json({ data, meta: themeMeta, alert: catalogueText.deleted });
  })
  .put('/company/:id/defaultTheme/:tid', requireRole('company.edit'), async (c) => {
    const data = await setCompanyDefaultTheme(userServiceContext(c), idParam(c, 'id'), idParam(c, 'tid'), true);
    return c.json({ data, meta: themeMeta, alert: catalogueText.saved(companiesNl.companyTheme) });
  })
  .delete('/company/:id/defaultTheme/:tid', requireRole('company.edit'), async (c) => {
    const data = await setCompanyDefaultTheme(userServiceContext(c), idParam(c, 'id'), idParam(c, 'tid'), false);
    return c.json({ data, meta: themeMeta, alert: catalogueText.deleted });
  });
