import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { userServiceContext } from '../context';
import { readBody, validate } from '../http/body';
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
  .get('/project/:id/filterCategory', requireRole('project.view'), async (c) => {
    const { include } = validate(FilterCategoryListQuery, c.req.query());
    return c.json({ data: await listFilterCategories(userServiceContext(c), idParam(c, 'id'), include) });
  })
  .patch('/project/:id/filterCategory/order', requireRole('project.edit'), async (c) => {
    const id = idParam(c, 'id');
    const input = await readBody(c, FilterCategoryOrderInput);
    return c.json({ data: await reorderFilterCategories(userServiceContext(c), id, input), alert: filtersNl.ordered });
  })
  .post('/project/:id/survey/:sid/filterCategory', requireRole('project.edit'), async (c) => {
    const [projectId, surveyId] = [idParam(c, 'id'), idParam(c, 'sid')];
    const input = await readBody(c, FilterCategoryInput);
    const data = await createFilterCategory(userServiceContext(c), projectId, surveyId, input);
    return c.json({ data, alert: filtersNl.created(filtersNl.category) }, 201);
  })
  .post('/project/:id/survey/:sid/filterCategory/generate', requireRole('project.edit'), async (c) => {
    const [projectId, surveyId] = [idParam(c, 'id'), idParam(c, 'sid')];
    const input = await readBody(c, GenerateFilterCategoryInput);
    const data = await generateFilterCategory(userServiceContext(c), projectId, surveyId, input);
    return c.json({ data, alert: filtersNl.generated(data.filterOptions?.length ?? 0) }, 201);
  })
  .put('/filterCategory/:id', requireRole('project.edit'), async (c) => {
    const id = idParam(c, 'id');
    const input = await readBody(c, FilterCategoryUpdate);
    return c.json({ data: await updateFilterCategory(userServiceContext(c), id, input), alert: filtersNl.updated(filtersNl.category) });
  })
  .delete('/filterCategory/:id', requireRole('project.edit'), async (c) => {
    await deleteFilterCategory(userServiceContext(c), idParam(c, 'id'));
    return c.json({ data: null, alert: filtersNl.deleted(filtersNl.category) });
  })
  .route('/', filterOptionRoutes);
