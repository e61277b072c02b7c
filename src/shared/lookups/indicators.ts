/** What an indicator measures and how it compares (validation/indicators.ts, i18n/indicators.ts). */
export const INDICATOR_METRICS = ['responses', 'percentage', 'mean', 'topBox'] as const;
export const INDICATOR_COMPARATORS = ['greater', 'greaterOrEqual', 'less', 'lessOrEqual'] as const;
export type IndicatorMetricKey = (typeof INDICATOR_METRICS)[number];
export type IndicatorComparatorKey = (typeof INDICATOR_COMPARATORS)[number];
