import type { ChartUpdate } from '../../../shared/validation/reports';

/** The chart columns a POST/PUT body sets (undefined = leave as is). */
export const chartFields = (input: ChartUpdate) => ({
  chartTypeId: input.chart_type_id,
  title: input.title,
  order: input.order,
  sortingOptionId: input.sorting_option_id,
  dataFormatId: input.data_format_id,
  dataTypeId: input.data_type_id,
  kpiId: input.kpi_id,
  patternId: input.pattern_id,
  granularityId: input.granularity_id,
  colorSchemeId: input.color_scheme_id,
  options: input.options,
});
