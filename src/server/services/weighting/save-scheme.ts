import { auditRow, surveyCompany } from '../audit/audit-row';
import { eq, sql } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { surveyAudit, weightingSchemes } from '../../db/schema';
import type { WeightingSchemeInput } from '../../../shared/validation/weighting';
import { findVisibleSurvey, requireSurveyRole } from '../surveys/scope';
import { loadCube } from '../analytics/load-cube';
import { computeScheme, storeResult } from './compute-result';
import { getScheme } from './get-scheme';
import { findScheme, weightingAppError } from './scope';
import { readOne } from '../../db/reads';
import { NO_NAMES, hasPanelVariables, staffName, variableNamesRead } from './variable-names';

function columnsOf(input: WeightingSchemeInput) {
  const crossed = input.method === 'poststratify' && input.variables.length === 2;
  return {
    name: input.name,
    startDate: input.start_date ?? null,
    endDate: input.end_date ?? null,
    method: input.method,
    targetsAre: input.targets_are,
    variables: input.variables.map((v) => ({ column_key: v.column_key, targets: crossed ? {} : v.targets })),
    cellTargets: crossed ? (input.cell_targets ?? null) : null,
    trimLower: input.trim?.lower ?? null,
    trimUpper: input.trim?.upper ?? null,
    maxIterations: input.max_iterations,
    tolerance: input.tolerance,
  };
}

const auditDetail = (id: number, c: ReturnType<typeof columnsOf>) => ({ scheme_id: id, name: c.name, method: c.method, variables: c.variables.map((v) => v.column_key) });

/**
 * POST survey/{id}/weighting (wid null) and PUT survey/{id}/weighting/{wid}: the scheme is
 * computed on the survey's current responses first, so every refusal of the issue (empty cells,
 * missing targets, totals, not single choice, no convergence) is a Dutch 422 and nothing is
 * stored; then the scheme and its audit row in one batch, and its result.
 */
export async function saveScheme(ctx: UserServiceContext, surveyId: number, wid: number | null, input: WeightingSchemeInput) {
  requireSurveyRole(ctx.user, 'survey.edit');
  if (wid === null) await findVisibleSurvey(ctx, surveyId);
  else await findScheme(ctx, surveyId, wid);
  const columns = columnsOf(input);
  const cube = await loadCube({ db: ctx.db, files: ctx.jobs?.files }, surveyId);
  const computed = computeScheme(cube, columns);
  // A refusal names a panel background field by its title ('panel:<id>' is internal).
  const names = hasPanelVariables(columns.variables) ? await readOne(ctx.db, variableNamesRead(ctx.db, surveyId)) : NO_NAMES;
  if (!computed.ok) throw weightingAppError(computed.error, (key) => staffName(key, names));
  let saved: typeof weightingSchemes.$inferSelect;
  if (wid === null) {
    const [[row]] = await ctx.db.batch([
      ctx.db.insert(weightingSchemes).values({ surveyId, ...columns, createdBy: ctx.user.id }).returning(),
      // Right after the scheme's insert in the batch, last_insert_rowid() is its id.
      ctx.db.insert(surveyAudit).values({
        surveyId,
        userId: ctx.user.id,
        action: 'weighting.create',
        detail: sql`json_object('scheme_id', last_insert_rowid(), 'name', ${columns.name}, 'method', ${columns.method}, 'variables', json(${JSON.stringify(columns.variables.map((v) => v.column_key))}))`,
      }),
      auditRow(ctx, { action: 'weighting.create', resource: 'survey', resourceId: surveyId, companyId: surveyCompany(surveyId), summary: `Weging '${columns.name}' aangemaakt (${columns.method})` }),
    ]);
    saved = row!;
  } else {
    const [[row]] = await ctx.db.batch([
      ctx.db.update(weightingSchemes).set(columns).where(eq(weightingSchemes.id, wid)).returning(),
      ctx.db.insert(surveyAudit).values({ surveyId, userId: ctx.user.id, action: 'weighting.update', detail: auditDetail(wid, columns) }),
      auditRow(ctx, { action: 'weighting.update', resource: 'survey', resourceId: surveyId, companyId: surveyCompany(surveyId), summary: `Weging '${columns.name}' gewijzigd (${columns.method})` }),
    ]);
    saved = row!;
  }
  await storeResult(ctx.db, saved, computed, undefined, (key) => staffName(key, names));
  return getScheme(ctx, surveyId, saved.id);
}
