import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { input } from '../http/input';
import { userServiceContext } from '../context';
import { requireRole } from '../middleware/guards';
import { createFilterCategory } from '../services/filters/create-category';
import { deleteFilterCategory } from '../services/filters/delete-category';
import { updateFilterCategory } from '../services/filters/update-category';
import { generateFilterCategory } from '../services/filters/generate-category';
import { listFilterCategories } from '../services/filters/list-categories';
import { reorderFilterCategories } from '../services/filters/reorder-categories';
import { filtersNl } from '../../shared/i18n/filters';
import { FilterCategoryInput, FilterCategoryListQuery, FilterCategoryOrderInput, FilterCategoryUpdate, GenerateFilterCategoryInput } from '../../shared/validation/filters';
import { idParam } from './params';
import { filterOptionRoutes } from './filters-options';

/** Filter api of spec 001 §7 at project level: categories (options and conditions in filters-options.ts). */
export const filterRoutes = new Hono<AppEnv>()
  .get('/project/:id/filterCategory', requireRole('project.view'), input.query(FilterCategoryListQuery), async (c) => {
    const { include } = c.req.valid('query');
    return c.json({ data: await listFilterCategories(userServiceContext(c), idParam(c, 'id'), include) });
  })
  .patch('/project/:id/filterCategory/order', requireRole('project.edit'), input.body(FilterCategoryOrderInput), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    return c.json({ data: await reorderFilterCategories(userServiceContext(c), id, body), alert: filtersNl.ordered });
  })
  .post('/project/:id/survey/:sid/filterCategory', requireRole('project.edit'), input.body(FilterCategoryInput), async (c) => {
    const [projectId, surveyId] = [idParam(c, 'id'), idParam(c, 'sid')];
    const body = c.req.valid('json');
    const data = await createFilterCategory(userServiceContext(c), projectId, surveyId, body);
    return c.json({ data, alert: filtersNl.created(filtersNl.category) }, 201);
  })
  .post('/project/:id/survey/:sid/filterCategory/generate', requireRole('project.edit'), input.body(GenerateFilterCategoryInput), async (c) => {
    const [projectId, surveyId] = [idParam(c, 'id'), idParam(c, 'sid')];
    const body = c.req.valid('json');
    const data = await generateFilterCategory(userServiceContext(c), projectId, surveyId, body);
    return c.json({ data, alert: filtersNl.generated(data.filterOptions?.length ?? 0) }, 201);
  })
  .put('/filterCategory/:id', requireRole('project.edit'), input.body(FilterCategoryUpdate), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    return c.json({ data: await updateFilterCategory(userServiceContext(c), id, body), alert: filtersNl.updated(filtersNl.category) });
  })
  .delete('/filterCategory/:id', requireRole('project.edit'), async (c) => {
    await deleteFilterCategory(userServiceContext(c), idParam(c, 'id'));
    return c.json({ data: null, alert: filtersNl.deleted(filtersNl.category) });
  })
  .route('/', filterOptionRoutes);
