import { Chart } from '../charts/Chart';
import type { ChartSpec } from '../../shared/chart-spec';

/** The survey screen's responses-over-time chart: the report charts' own component (uPlot line, SVG first paint). */
export default function ProgressChart({ spec }: { spec: ChartSpec }) {
  return <Chart spec={spec} height={240} />;
}
