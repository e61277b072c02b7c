// The analytics engine (ARCHITECTURE §8): pure TypeScript, no I/O.
export * from './bitset';
export * from './cube';
export { CubeBuilder, optionScore, type BuildReport, type ColumnDef } from './cube-builder';
export { serializeCube, deserializeCube, CUBE_FORMAT_VERSION } from './cube-serialize';
export { CubeCache } from './cube-cache';
export * from './days';
export { cubeKindOf, fixedCodes } from './question-kinds';
export * from './conditions';
export * from './benchmarks';
export * from './filter-counts';
export * from './margin-of-error';
export { OTHER_CODE, foldShortText } from './short-text';
export { computeRChart, rchartKind, TOTAL_KEY, type RChartComputed, type RChartEngineRow, type RChartEngineTable, type RChartInput, type RChartKind, type RChartSpec } from './rchart';
export { applySuppression, type Suppression } from './suppression';
export { buildPlan, bucketsOf, MAX_BUCKETS, type Bucket, type Diff, type RefDiff, type RowSet, type SuppressionPlan } from './suppression-plan';
export { computeReportData, benchmarkSizes, type ReportDataInput } from './report';
export type * from './types';
