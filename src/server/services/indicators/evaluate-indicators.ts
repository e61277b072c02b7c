import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Cube } from '../../analytics';
import type { Db } from '../../db/client';
import { indicatorNotices, indicators, projects, projectUsers, users, weightingSchemes, type IndicatorState } from '../../db/schema';
import { AppError } from '../../errors';
import type { FileStore } from '../../files/store';
import type { Mailer } from '../../mail/mailer';
import { describeIndicator, formatIndicatorValue, indicatorsNl } from '../../../shared/i18n/indicators';
import { loadCube } from '../analytics/load-cube';
import type { IndicatorRow } from './access';
import { indicatorCatalog } from './catalog';
import { indicatorLabels, type LabelOf } from './labels';
import { computeIndicatorValue, crosses, INDICATOR_MIN_N, type IndicatorOutcome } from './compute-indicator';
import { weightsFor } from '../report-data/report-weighting';
import { type VariableNames, NO_NAMES, hasPanelVariables, staffName, variableNamesRead } from '../weighting/variable-names';
import { readAll } from '../../db/reads';

export interface EvaluationDeps {
  db: Db;
  files?: FileStore;
  mailer: Mailer;
  now: Date;
  /** Public base URL (APP_URL) for the link in the mail; without it the mail has no link. */
  appUrl?: string;
}

export interface Evaluation {
  id: number;
  state: IndicatorState;
  value: number | null;
  fired: boolean;
}

/** Is the indicator switched on and is `today` (ISO day) inside its active period? */
export const isActiveOn = (i: Pick<IndicatorRow, 'active' | 'startDate' | 'endDate'>, today: string) =>
  i.active && (!i.startDate || i.startDate <= today) && (!i.endDate || today <= i.endDate);

function outcomeState(row: IndicatorRow, outcome: IndicatorOutcome): { state: IndicatorState; value: number | null; reason: string | null } {
  if (outcome.kind === 'value') return { state: crosses(outcome.value, row.comparator, row.threshold) ? 'met' : 'notMet', value: outcome.value, reason: null };
  if (outcome.kind === 'suppressed') return { state: 'suppressed', value: null, reason: indicatorsNl.reasons[outcome.reason](INDICATOR_MIN_N) };
  const reasons = indicatorsNl.reasons;
  if (outcome.reason === 'weighting') return { state: 'noData', value: null, reason: reasons.weighting(outcome.message) };
  return { state: 'noData', value: null, reason: outcome.reason === 'folded' ? reasons.folded(INDICATOR_MIN_N) : reasons[outcome.reason] };
}

/**
 * Evaluates the active indicators that `where` selects (after a response import: those of the
 * survey; the cron trigger: all; a save: one), with values from the engine on the survey's cube.
 * An indicator fires when it crosses its threshold — the state becomes 'met' from anything else:
 * an in-app notice (indicator_notices) and a mail to every member of the project. A suppressed
 * group has no value, so it can never fire; the reason is kept and shown.
 */
export async function evaluateIndicators(deps: EvaluationDeps, where: { surveyId?: number; indicatorIds?: number[] } = {}): Promise<Evaluation[]> {
  const filters: SQL[] = [eq(indicators.active, true), isNull(projects.deletedAt)];
  if (where.surveyId !== undefined) filters.push(eq(indicators.surveyId, where.surveyId));
  if (where.indicatorIds) filters.push(inArray(indicators.id, where.indicatorIds.length ? where.indicatorIds : [0]));
  const today = deps.now.toISOString().slice(0, 10);
  const rows = (
    await deps.db.select({ indicator: indicators }).from(indicators).innerJoin(projects, eq(projects.id, indicators.projectId)).where(and(...filters))
  )
    .map((r) => r.indicator)
    .filter((i) => isActiveOn(i, today));
  if (!rows.length) return [];

  const cubes = new Map<number, Cube | null>();
  const catalogs = new Map<string, Awaited<ReturnType<typeof indicatorCatalog>>>();
  // The weighting schemes the indicators follow (issue 31), read once.
  const schemeIds = [...new Set(rows.flatMap((r) => (r.weightingId === null ? [] : [r.weightingId])))];
  const schemes = new Map((schemeIds.length ? await deps.db.select().from(weightingSchemes).where(inArray(weightingSchemes.id, schemeIds)) : []).map((s) => [s.id, s]));
  // A weighting refusal names panel background fields by their titles: their surveys' names in one round trip.
  const panelSurveys = [...new Set([...schemes.values()].filter((s) => hasPanelVariables(s.variables)).map((s) => s.surveyId))];
  const namesRead = await readAll(deps.db, panelSurveys.map((id) => variableNamesRead(deps.db, id)));
  const names = new Map<number, VariableNames>(panelSurveys.map((id, i) => [id, namesRead[i]!]));
  const results: (Evaluation & { row: IndicatorRow; reason: string | null })[] = [];
  for (const row of rows) {
    if (!cubes.has(row.surveyId)) {
      try {
        cubes.set(row.surveyId, await loadCube({ db: deps.db, files: deps.files }, row.surveyId));
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'NOT_FOUND')) throw err;
        cubes.set(row.surveyId, null); // the survey is gone: nothing to evaluate
      }
    }
    const cube = cubes.get(row.surveyId);
    if (!cube) continue;
    const key = `${row.projectId}:${row.surveyId}`;
    if (!catalogs.has(key)) catalogs.set(key, await indicatorCatalog(deps.db, row.projectId, row.surveyId, cube));
    const catalog = catalogs.get(key)!;
    // Filter options removed since the indicator was saved no longer narrow it down.
    const known = new Set(catalog.flatMap((c) => c.options.map((o) => o.id)));
    const scheme = row.weightingId === null ? null : (schemes.get(row.weightingId) ?? null);
    const outcome = weighted(cube, scheme, names.get(scheme?.surveyId ?? 0) ?? NO_NAMES, (weights) =>
      computeIndicatorValue(cube, catalog, { ...row, filterOptionIds: row.filterOptionIds.filter((id) => known.has(id)) }, INDICATOR_MIN_N, weights),
    );
    const next = outcomeState(row, outcome);
    results.push({ id: row.id, row, ...next, fired: next.state === 'met' && row.state !== 'met' });
  }
  if (!results.length) return [];

  const writes: BatchItem<'sqlite'>[] = results.map((r) =>
    deps.db
      .update(indicators)
      .set({ state: r.state, lastValue: r.value, lastReason: r.reason, lastEvaluatedAt: deps.now, ...(r.fired ? { lastFiredAt: deps.now } : {}) })
      .where(eq(indicators.id, r.id)),
  );
  const fired = results.filter((r) => r.fired);
  if (fired.length) writes.push(deps.db.insert(indicatorNotices).values(fired.map((r) => ({ indicatorId: r.id, projectId: r.row.projectId, value: r.value!, firedAt: deps.now }))));
  await deps.db.batch(writes as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  if (fired.length) await mailMembers(deps, fired);
  return results.map(({ id, state, value, fired: f }) => ({ id, state, value, fired: f }));
}

/**
 * Runs `compute` with the scheme's weights (none without a scheme, or for the response count, which
 * is people). A scheme the current responses cannot be weighted with gives no value, with the
 * reason: never a silently unweighted number.
 */
function weighted(cube: Cube, scheme: Parameters<typeof weightsFor>[1], names: VariableNames, compute: (weights: Float32Array | null) => IndicatorOutcome): IndicatorOutcome {
  let weights: Float32Array | null;
  try {
    weights = weightsFor(cube, scheme, (key) => staffName(key, names));
  } catch (err) {
    if (err instanceof AppError && err.code === 'VALIDATION') return { kind: 'noData', reason: 'weighting', message: err.message };
    throw err;
  }
  return compute(weights);
}

/** One mail per member of the project for every indicator that fired. */
async function mailMembers(deps: EvaluationDeps, fired: { row: IndicatorRow; value: number | null }[]) {
  const projectIds = [...new Set(fired.map((f) => f.row.projectId))];
  const members = await deps.db
    .select({ projectId: projectUsers.projectId, project: projects.title, name: users.fullname, email: users.email })
    .from(projectUsers)
    .innerJoin(users, and(eq(users.id, projectUsers.userId), isNull(users.deletedAt)))
    .innerJoin(projects, eq(projects.id, projectUsers.projectId))
    .where(inArray(projectUsers.projectId, projectIds));
  const labels = new Map<number, LabelOf>();
  for (const surveyId of new Set(fired.map((f) => f.row.surveyId))) labels.set(surveyId, await indicatorLabels(deps.db, surveyId));
  for (const { row, value } of fired) {
    const { question, answer } = labels.get(row.surveyId)!(row.columnKey, row.answerCode);
    const link = deps.appUrl ? `${deps.appUrl.replace(/\/$/, '')}/portal/project/${row.projectId}/notifications` : null;
    for (const m of members.filter((x) => x.projectId === row.projectId)) {
      const text = indicatorsNl.mailText({
        name: m.name,
        title: row.title,
        project: m.project,
        description: describeIndicator({ ...row, questionLabel: question, answerLabel: answer }),
        value: formatIndicatorValue(row.metric, value!),
        link,
      });
      try {
        await deps.mailer.send({ to: m.email, subject: indicatorsNl.mailSubject(row.title, m.project), text });
      } catch (err) {
        // The outbox keeps the failed message; one bad address must not stop the others.
        console.error(JSON.stringify({ level: 'error', indicatorId: row.id, to: m.email, error: String(err) }));
      }
    }
  }
}
