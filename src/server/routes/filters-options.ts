import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { input } from '../http/input';
import { userServiceContext } from '../context';
import { requireRole } from '../middleware/guards';
import { createFilterCondition } from '../services/filters/create-condition';
import { createFilterOption } from '../services/filters/create-option';
import { deleteFilterCondition } from '../services/filters/delete-condition';
import { deleteFilterOption } from '../services/filters/delete-option';
import { listFilterOptions } from '../services/filters/list-options';
import { reorderFilterOptions } from '../services/filters/reorder-options';
import { updateFilterCondition } from '../services/filters/update-condition';
import { updateFilterOption } from '../services/filters/update-option';
import { filtersNl } from '../../shared/i18n/filters';
import { FilterConditionInput, FilterConditionUpdate, FilterOptionInput, FilterOptionOrderInput, FilterOptionUpdate } from '../../shared/validation/filters';
import { idParam } from './params';

const OPTION = '/filterCategory/:id/filterOption';

/** Filter options of a category and their conditions (spec 001 §7 Filter api). */
export const filterOptionRoutes = new Hono<AppEnv>()
  .get(OPTION, requireRole('project.view'), async (c) => c.json({ data: await listFilterOptions(userServiceContext(c), idParam(c, 'id')) }))
  .post(OPTION, requireRole('project.edit'), input.body(FilterOptionInput), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    return c.json({ data: await createFilterOption(userServiceContext(c), id, body), alert: filtersNl.created(filtersNl.option) }, 201);
  })
  .patch(`${OPTION}/order`, requireRole('project.edit'), input.body(FilterOptionOrderInput), async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    return c.json({ data: await reorderFilterOptions(userServiceContext(c), id, body), alert: filtersNl.ordered });
  })
  .put(`${OPTION}/:optionId`, requireRole('project.edit'), input.body(FilterOptionUpdate), async (c) => {
    const [id, optionId] = [idParam(c, 'id'), idParam(c, 'optionId')];
    const body = c.req.valid('json');
    return c.json({ data: await updateFilterOption(userServiceContext(c), id, optionId, body), alert: filtersNl.updated(filtersNl.option) });
  })
  .delete(`${OPTION}/:optionId`, requireRole('project.edit'), async (c) => {
    await deleteFilterOption(userServiceContext(c), idParam(c, 'id'), idParam(c, 'optionId'));
    return c.json({ data: null, alert: filtersNl.deleted(filtersNl.option) });
  })
  .post(`${OPTION}/:optionId/filterCondition`, requireRole('project.edit'), input.body(FilterConditionInput), async (c) => {
    const [id, optionId] = [idParam(c, 'id'), idParam(c, 'optionId')];
    const body = c.req.valid('json');
    return c.json({ data: await createFilterCondition(userServiceContext(c), id, optionId, body), alert: filtersNl.created(filtersNl.condition) }, 201);
  })
  .put(`${OPTION}/:optionId/filterCondition/:conditionId`, requireRole('project.edit'), input.body(FilterConditionUpdate), async (c) => {
    const [id, optionId, conditionId] = [idParam(c, 'id'), idParam(c, 'optionId'), idParam(c, 'conditionId')];
    const body = c.req.valid('json');
    const data = await updateFilterCondition(userServiceContext(c), id, optionId, conditionId, body);
    return c.json({ data, alert: filtersNl.updated(filtersNl.condition) });
  })
  .delete(`${OPTION}/:optionId/filterCondition/:conditionId`, requireRole('project.edit'), async (c) => {
    await deleteFilterCondition(userServiceContext(c), idParam(c, 'id'), idParam(c, 'optionId'), idParam(c, 'conditionId'));
    return c.json({ data: null, alert: filtersNl.deleted(filtersNl.condition) });
  });
