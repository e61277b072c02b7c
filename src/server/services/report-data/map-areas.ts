import { inArray } from 'drizzle-orm';
import { type Accuracy, type BenchmarkInput, type Cube, type FilterCategory, type ReportDataInput, computeReportData, getColumn } from '../../analytics';
import type { Db } from '../../db/client';
import { companyMaps, type reportChartMaps } from '../../db/schema';
import { cachedDrawing, drawMap } from '../../maps/draw-map';
import type { MapAnswer } from '../../../shared/chart/types';
import type { MapDrawing } from '../../../shared/maps';

/** A map chart's settings as the data call reads them with its data locations (resolve-scope.ts); `mapKey` is the map's version. */
export type MapChartSettings = typeof reportChartMaps.$inferSelect & { mapKey: string };

/**
 * The drawings of these map charts' maps, by map version: from the isolate's cache, else drawn
 * from the stored topologies, read in one query (only then: a topology is large, the drawing of a
 * version never changes).
 */
export async function mapDrawings(db: Db, maps: MapChartSettings[]): Promise<Map<string, MapDrawing>> {
  const out = new Map<string, MapDrawing>();
  const missing = new Map<number, string>();
  for (const m of maps) {
    const drawing = cachedDrawing(m.mapKey);
    if (drawing) out.set(m.mapKey, drawing);
    else missing.set(m.mapId, m.mapKey);
  }
  if (missing.size) {
    const rows = await db.select({ id: companyMaps.id, topology: companyMaps.topology }).from(companyMaps).where(inArray(companyMaps.id, [...missing.keys()]));
    for (const r of rows) out.set(missing.get(r.id)!, drawMap(missing.get(r.id)!, r.topology));
  }
  return out;
}

// Ids of the areas' category and options: negative, so they never meet the report's own filters.
const AREA_CATEGORY = -1;
const areaOption = (k: number) => -2 - k;

/**
 * The groups of a map chart: per area of the map, the respondents whose answer to the area
 * question is mapped to that area — a filter category like any other, AND-ed with each benchmark.
 * The engine computes them beside the plain benchmarks in one call, so every small-group rule
 * applies (R1, the neighbour rule, nesting and the disjoint-sum rule against the benchmark the
 * areas partition; in cell-key mode R1 and perturbed numbers instead, docs/perturbation.md). Nothing
 * is computed here: what is released is the engine's answer.
 */
export function computeMapAreas(
  cube: Cube,
  location: { id: number; columnKey: string; nMethod?: ReportDataInput['dataLocations'][number]['nMethod'] },
  settings: MapChartSettings,
  drawing: MapDrawing,
  input: { benchmarks: BenchmarkInput[]; filters: FilterCategory[]; report: ReportDataInput['report']; accuracy?: Accuracy; weights?: ReportDataInput['weights'] },
  labels: (code: string) => string,
): MapAnswer {
  const onMap = new Set(drawing.areas.map((a) => a.code));
  const codes = settings.areaColumnKey ? answerCodes(cube, settings.areaColumnKey) : [];
  const byArea = new Map<string, string[]>();
  const unmatched: string[] = [];
  for (const code of codes) {
    const area = settings.mapping[code];
    if (area && onMap.has(area)) byArea.set(area, [...(byArea.get(area) ?? []), code]);
    else unmatched.push(labels(code));
  }
  const areas = [...byArea.keys()];
  const category: FilterCategory = {
    id: AREA_CATEGORY,
    options: areas.map((area, k) => ({ id: areaOption(k), categoryId: AREA_CATEGORY, conditions: [{ columnKey: settings.areaColumnKey!, comparator: 'in', value: byArea.get(area)! }] })),
  };
  const nb = input.benchmarks.length;
  const grouped = input.benchmarks.flatMap((b) => areas.map((_, k) => ({ ...b, label: `${b.label}·${k}`, filterOptionIds: [...b.filterOptionIds, areaOption(k)] })));
  const result = areas.length
    ? computeReportData(cube, {
        dataLocations: [{ id: location.id, columnKey: location.columnKey, nMethod: location.nMethod }],
        // The plain benchmarks first: the areas are compared with the group they partition.
        benchmarks: [...input.benchmarks, ...grouped],
        filters: [...input.filters, category],
        // The benchmarks themselves passed the report's filter rules in the chart's own call; the area is the map's split.
        report: { ...input.report, multipleFilters: null },
        accuracy: input.accuracy,
        // The report's weighting scheme weighs the areas as it weighs the chart's other numbers.
        weights: input.weights,
      }).dataLocations[0]!.benchmarks
    : [];
  return {
    drawing,
    areas: areas.map((code, k) => ({
      code,
      benchmarks: input.benchmarks.map((_, b) => {
        const cell = result[nb + b * areas.length + k]!;
        return cell.suppressed ? { suppressed: true as const, reason: cell.reason } : { suppressed: false as const, stats: cell.stats };
      }),
    })),
    unmatched,
    classMethod: settings.classMethod,
    classCount: settings.classCount,
    answerCode: settings.answerCode,
  };
}

/** The option codes of a single-choice column (none when the column is gone or of another kind). */
function answerCodes(cube: Cube, columnKey: string): string[] {
  try {
    const col = getColumn(cube, columnKey);
    return col.kind === 'single' ? col.codes : [];
  } catch {
    return [];
  }
}
