import { Hono } from 'hono';
import { userServiceContext, type AppEnv } from '../context';
import { input } from '../http/input';
import { requireRole } from '../middleware/guards';
import { createCompany } from '../services/companies/create-company';
import { deleteCompany } from '../services/companies/delete-company';
import { getCompany } from '../services/companies/get-company';
import { listCompanies, listCompanyIndexItems } from '../services/companies/list-companies';
import { listCompanyAdmins } from '../services/companies/list-company-admins';
import { listCompanyPanels } from '../services/companies/list-company-panels';
import { listCompanyUsers } from '../services/companies/list-company-users';
import { updateCompany } from '../services/companies/update-company';
import { getRetention, setRetention } from '../services/companies/retention';
import { companiesNl } from '../../shared/i18n/companies';
import { CompanyInput, RetentionInput } from '../../shared/validation/companies';
import { IncludeQuery } from '../../shared/validation/users';
import { companyLinkRoutes } from './companies-links';
import { companyMapRoutes } from './companies-maps';
import { catalogueText } from '../../shared/api-catalogue';
import { idParam } from './params';

const meta = { dutch: companiesNl.company };

/** Manage api, companies (spec 001 §7); admins and themes in companies-links.ts. */
export const companyRoutes = new Hono<AppEnv>()
  .get('/company', requireRole('company.view'), async (c) => c.json({ data: await listCompanies(userServiceContext(c)), meta }))
  .get('/company/index-items', requireRole('company.view'), async (c) => c.json({ data: await listCompanyIndexItems(userServiceContext(c)), meta }))
  .get('/company/index-items/all', requireRole('company.view'), async (c) => c.json({ data: await listCompanyIndexItems(userServiceContext(c)), meta }))
  .get('/company/:id', requireRole('company.view'), async (c) => c.json({ data: await getCompany(userServiceContext(c), idParam(c, 'id')), meta }))
  .get('/company/:id/admin', requireRole('company.view'), async (c) => c.json({ data: await listCompanyAdmins(userServiceContext(c), idParam(c, 'id')), meta: { dutch: companiesNl.admin } }))
  .get('/company/:id/user', requireRole('company.view'), input.query(IncludeQuery), async (c) => {
    const id = idParam(c, 'id');
    const { include } = c.req.valid('query');
    const logs = (include ?? '').split(',').includes('logs');
    return c.json({ data: await listCompanyUsers(userServiceContext(c), id, logs), meta: { dutch: 'Gebruiker' } });
  })
  .get('/company/:id/panel', requireRole('panel.view'), async (c) => c.json({ data: await listCompanyPanels(userServiceContext(c), idParam(c, 'id')), meta: { dutch: 'Panel' } }))
  .post('/company', requireRole('company.create'), input.body(CompanyInput), async (c) => {
    const body = c.req.valid('json');
    return c.json({ data: await createCompany(userServiceContext(c), body), meta, alert: catalogueText.created(companiesNl.company) }, 201);
  })
  .put('/company/:id', requireRole('company.edit'), input.body(CompanyInput), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    return c.json({ data: await updateCompany(userServiceContext(c), id, body), meta, alert: catalogueText.saved(companiesNl.company) });
  })
  .get('/company/:id/retention', requireRole('company.view'), async (c) => c.json({ data: await getRetention(userServiceContext(c), idParam(c, 'id')), meta }))
  .put('/company/:id/retention', requireRole('company.edit'), input.body(RetentionInput), async (c) => {
    const id = idParam(c, 'id');
    return c.json({ data: await setRetention(userServiceContext(c), id, c.req.valid('json')), meta, alert: companiesNl.retentionSaved });
  })
  .delete('/company/:id', requireRole('company.edit'), async (c) => {
    await deleteCompany(userServiceContext(c), idParam(c, 'id'));
    return c.json({ data: null, meta, alert: catalogueText.deleted });
  })
  .route('/', companyLinkRoutes)
  .route('/', companyMapRoutes);
