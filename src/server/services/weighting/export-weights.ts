import { auditRow, surveyCompany } from '../audit/audit-row';
import type { UserServiceContext } from '../../context';
import { surveyAudit } from '../../db/schema';
import { loadCube } from '../analytics/load-cube';
import { computeScheme } from './compute-result';
import { cubeRowIds } from './cube-row-ids';
import { findScheme, weightingAppError } from './scope';

/**
 * GET survey/{id}/weighting/{wid}/weights: `response_id;weight`, one row per response of the
 * scheme's universe (the portal's response id, as GET survey/{id}/responses lists it), weights with a
 * decimal point at full precision (shortest round-trip form of the double). The export is audited.
 */
export async function exportWeights(ctx: UserServiceContext, surveyId: number, wid: number) {
  const { scheme } = await findScheme(ctx, surveyId, wid);
  const cube = await loadCube({ db: ctx.db, files: ctx.jobs?.files }, surveyId);
  const computed = computeScheme(cube, scheme);
  if (!computed.ok) throw weightingAppError(computed.error);
  const { weighting } = computed;
  const ids = await cubeRowIds(ctx.db, cube);
  await ctx.db.batch([
    ctx.db.insert(surveyAudit).values({ surveyId, userId: ctx.user.id, action: 'weighting.export', detail: { scheme_id: wid, rows: weighting.rows.length } }),
    auditRow(ctx, { action: 'weighting.export', resource: 'survey', resourceId: surveyId, companyId: surveyCompany(surveyId), summary: `Gewichten van '${scheme.name}' geëxporteerd (${weighting.rows.length} responsen)` }),
  ]);
  const lines = ['response_id;weight'];
  for (let i = 0; i < weighting.rows.length; i++) lines.push(`${ids[weighting.rows[i]!]};${String(weighting.weights[i])}`);
  const slug = scheme.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'weging';
  return { body: `${lines.join('\r\n')}\r\n`, filename: `gewichten_${surveyId}_${slug}.csv` };
}
