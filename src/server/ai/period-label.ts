import { type PeriodGranularity, periodLabel as sharedPeriodLabel } from '../../shared/chart/periods';

/** Dutch label of a time bucket, as the charts write it ('jan 2026', 'K1 2026', …); 'none' → year. */
export function periodLabel(startDay: number, granularity: string): string {
  const g = (['day', 'week', 'month', 'quarter', 'year'] as const).includes(granularity as PeriodGranularity) ? (granularity as PeriodGranularity) : 'year';
  return sharedPeriodLabel(startDay, g);
}
