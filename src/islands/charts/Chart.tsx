import 'uplot/dist/uPlot.min.css';
import './chart.css';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type uPlot from 'uplot';
import type { ChartSpec } from '../../shared/chart-spec';
import { renderChartSvg } from '../../shared/chart-svg';
import { ChartTable, OpenAnswers } from './ChartTable';
import { NARROW, UPLOT_KINDS, drawnSeries } from './series';
import { useMapHover } from './map-hover';

export interface ChartProps {
  spec: ChartSpec;
  /** Plot height of axis charts in CSS pixels (horizontal bars grow with their categories). */
  height?: number;
  className?: string;
}

/** Height of a uPlot chart: horizontal bars need room per category and series. */
function plotHeight(spec: ChartSpec, height: number, width: number): number {
  // Phones: category labels get up to three lines (uplot-options.ts NARROW), so rows are taller.
  const row = width < NARROW ? 46 : 0;
  if (spec.kind === 'bar') return Math.max(height, spec.categories.length * Math.max(row, Math.max(1, drawnSeries(spec).length) * 15 + 12) + 40);
  if (spec.kind.startsWith('stacked')) return Math.max(height, spec.categories.length * Math.max(row, 34) + 40);
  return height;
}

/**
 * Width of an element in CSS pixels, followed with a ResizeObserver (null until measured). Charts
 * draw at their container's width, so a narrow card never overflows and a resize redraws. The
 * first measurement is a layout effect: the chart is redrawn at its width before the browser
 * paints, so the provisional 640-wide SVG is never shown nor replaced under the reader (a map's
 * areas, which hover and focus address, stay the same elements).
 */
function useWidth(ref: React.RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const w = Math.floor(el.clientWidth);
      if (w > 0) setWidth(w);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * One chart of a report. Bars, columns, stacked bars, lines and areas are drawn with uPlot (the
 * legend names the series, hover shows the values in a tooltip); the server SVG is the first paint
 * until uPlot runs. Tables and open answers are HTML; pies, KPIs, gauges, NPS and word clouds are
 * the accessible SVG, drawn at the container's width. Suppressed groups never have numbers: their
 * Dutch text is listed under the chart.
 */
export function Chart({ spec, height = 260, className = '' }: ChartProps) {
  const useUplot = !spec.unfit && UPLOT_KINDS.has(spec.kind) && spec.categories.length > 0 && drawnSeries(spec).length > 0;
  const figure = useRef<HTMLElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const width = useWidth(figure);
  const [ready, setReady] = useState(false);
  const svgWidth = Math.max(240, Math.min(width ?? 640, 960));
  const svg = useMemo(() => (spec.unfit || spec.kind === 'table' || spec.kind === 'open-answers' ? '' : renderChartSvg(spec, { width: svgWidth, height })), [spec, height, svgWidth]);
  const plotWidth = width === null ? null : Math.max(240, width);
  const svgHost = useRef<HTMLDivElement>(null);
  const tip = useMapHover(svgHost, spec.kind === 'map', svg);
  const measured = plotWidth !== null;

  useEffect(() => {
    if (!useUplot || !host.current || !measured) return;
    const el = host.current;
    let cancelled = false;
    void Promise.all([import('uplot'), import('./uplot-options')]).then(([{ default: UPlot }, o]) => {
      if (cancelled) return;
      const w = Math.max(240, figure.current?.clientWidth ?? 640);
      plot.current = new UPlot(o.uplotOptions(spec, w, plotHeight(spec, height, w)), o.uplotData(spec), el);
      setReady(true);
    });
    return () => {
      cancelled = true;
      plot.current?.destroy();
      plot.current = null;
      setReady(false);
    };
    // The plot is made once per spec (after the first measurement); width changes only resize it (next effect).
  }, [spec, height, useUplot, measured]);

  useEffect(() => {
    if (plotWidth !== null && plot.current && plot.current.width !== plotWidth) plot.current.setSize({ width: plotWidth, height: plotHeight(spec, height, plotWidth) });
  }, [plotWidth, spec, height, ready]);

  return (
    <figure ref={figure} className={`impulz-chart-figure relative m-0 w-full min-w-0 ${className}`} aria-label={spec.title} data-chart-kind={spec.kind}>
      {spec.unfit ? (
        <p className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-gray-900" role="note" data-testid="chart-unfit">
          {spec.unfit}
        </p>
      ) : null}
      {spec.unfit ? null : spec.kind === 'table' ? <ChartTable spec={spec} /> : spec.kind === 'open-answers' ? <OpenAnswers spec={spec} /> : null}
      {useUplot ? <div ref={host} className="relative w-full" role="img" aria-label={spec.title} hidden={!ready} /> : null}
      {svg && (!useUplot || !ready) ? <div ref={svgHost} className="relative w-full overflow-hidden" dangerouslySetInnerHTML={{ __html: svg }} /> : null}
      {tip ? (
        <div className="impulz-map-tip pointer-events-none absolute z-10 rounded bg-gray-900 px-2 py-1 text-xs text-white shadow" role="status" data-testid="map-tip" style={{ left: tip.x, top: tip.y, transform: 'translate(-50%, calc(-100% - 6px))' }}>
          {tip.text}
        </div>
      ) : null}
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
