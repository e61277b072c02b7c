import 'uplot/dist/uPlot.min.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import type uPlot from 'uplot';
import type { ChartSpec } from '../../shared/chart-spec';
import { renderChartSvg } from '../../shared/chart-svg';
import { ChartTable, OpenAnswers } from './ChartTable';
import { UPLOT_KINDS, drawnSeries } from './uplot-options';

export interface ChartProps {
  spec: ChartSpec;
  /** Plot height of axis charts in CSS pixels (horizontal bars grow with their categories). */
  height?: number;
  className?: string;
}

/** Height of a uPlot chart: horizontal bars need room per category and series. */
function plotHeight(spec: ChartSpec, height: number): number {
  if (spec.kind === 'bar') return Math.max(height, spec.categories.length * (Math.max(1, drawnSeries(spec).length) * 15 + 12) + 40);
  if (spec.kind.startsWith('stacked')) return Math.max(height, spec.categories.length * 34 + 40);
  return height;
}

/**
 * One chart of a report. Bars, columns, stacked bars, lines and areas are drawn with uPlot (hover
 * shows the values in the legend); the server SVG is the first paint until uPlot runs. Tables and
 * open answers are HTML; pies, KPIs, gauges, NPS and word clouds are the accessible SVG. Suppressed
 * groups never have numbers: their Dutch text is listed under the chart.
 */
export function Chart({ spec, height = 260, className = '' }: ChartProps) {
  const useUplot = UPLOT_KINDS.has(spec.kind) && spec.categories.length > 0 && drawnSeries(spec).length > 0;
  const host = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const svg = useMemo(() => (spec.kind === 'table' || spec.kind === 'open-answers' ? '' : renderChartSvg(spec, { width: 640, height })), [spec, height]);

  useEffect(() => {
    if (!useUplot || !host.current) return;
    const el = host.current;
    let plot: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    void Promise.all([import('uplot'), import('./uplot-options')]).then(([{ default: UPlot }, o]) => {
      if (cancelled) return;
      const width = Math.max(240, el.clientWidth || 640);
      plot = new UPlot(o.uplotOptions(spec, width, plotHeight(spec, height)), o.uplotData(spec), el);
      setReady(true);
      observer = new ResizeObserver(() => plot?.setSize({ width: Math.max(240, el.clientWidth), height: plotHeight(spec, height) }));
      observer.observe(el);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
      setReady(false);
    };
  }, [spec, height, useUplot]);

  return (
    <figure className={`impulz-chart-figure m-0 ${className}`} aria-label={spec.title} data-chart-kind={spec.kind}>
      {spec.kind === 'table' ? <ChartTable spec={spec} /> : spec.kind === 'open-answers' ? <OpenAnswers spec={spec} /> : null}
      {useUplot ? <div ref={host} className="w-full" role="img" aria-label={spec.title} hidden={!ready} /> : null}
      {svg && (!useUplot || !ready) ? <div className="w-full" dangerouslySetInnerHTML={{ __html: svg }} /> : null}
      {(useUplot && ready) || spec.kind === 'table' || spec.kind === 'open-answers' ? <Notes spec={spec} /> : null}
    </figure>
  );
}

/** The Dutch notes (suppressed groups with their reason, fallbacks) as text under the chart. */
function Notes({ spec }: { spec: ChartSpec }) {
  if (!spec.notes.length) return null;
  return (
    <figcaption className="mt-2 text-xs text-gray-600">
      <ul className="m-0 list-none p-0">
        {spec.notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </figcaption>
  );
}

export default Chart;
