import uPlot from 'uplot';
import { type ChartSpec, columnLabel, formatCell, formatNumber, fullGaps, legendKind, seriesLegend, sigMark, stackedAxisMax, valueText } from '../../shared/chart-spec';
import { labelLines } from '../../shared/chart/labels';
import { niceMax } from '../../shared/chart/svg/frame';
import { chartsNl } from '../../shared/i18n/charts';
import { canvasMeasure, categoryTicks } from './axis-labels';
import { canvasFill, cssFill } from './patterns';
import { NARROW, UPLOT_KINDS, drawnSeries } from './series';
import { tooltipPlugin } from './tooltip';

export { UPLOT_KINDS, drawnSeries };

const suppressedLabel = (spec: ChartSpec) => (spec.minN ? chartsNl.suppressedMinN(spec.minN) : chartsNl.suppressed);

const SCALE_VALUE = 1 as uPlot.Series.BarsPathBuilderFacetUnit;
const COLOR = 3 as uPlot.Series.BarsPathBuilderFacetUnit;
const AXIS = { stroke: '#4b5563', grid: { stroke: '#e5e7eb', width: 1 }, ticks: { show: false }, font: '11px system-ui, sans-serif' };

/** Bottom and top of every stacked segment (null where the bar is suppressed or the value missing). */
function stackEdges(spec: ChartSpec): { bottoms: (number | null)[][]; tops: (number | null)[][] } {
  const base = spec.categories.map(() => 0);
  const bottoms: (number | null)[][] = [];
  const tops: (number | null)[][] = [];
  for (const { s } of drawnSeries(spec)) {
    const b: (number | null)[] = [];
    const t: (number | null)[] = [];
    s.values.forEach((v, ci) => {
      const off = v === null || v === undefined || !!spec.categories[ci]?.suppressed;
      b.push(off ? null : base[ci]!);
      if (!off) base[ci]! += v;
      t.push(off ? null : base[ci]!);
    });
    bottoms.push(b);
    tops.push(t);
  }
  return { bottoms, tops };
}

/** uPlot's aligned data: x = category index, then one row per drawn series (stacked: segment tops). */
export function uplotData(spec: ChartSpec): uPlot.AlignedData {
  const xs = spec.categories.map((_, i) => i);
  if (spec.kind.startsWith('stacked')) return [xs, ...stackEdges(spec).tops];
  return [xs, ...drawnSeries(spec).map(({ s }) => s.values.map((v) => v ?? null))];
}

/** Each legend row names one series: its cell is a row header (uPlot leaves the scope out). */
const legendRowHeaders: uPlot.Plugin = {
  hooks: { init: (u) => u.root.querySelectorAll('.u-legend th').forEach((th) => th.setAttribute('scope', 'row')) },
};

/**
 * uPlot options for a spec: categories on a linear x scale (index ± 0.5), grouped bars placed with
 * the bars builder's per-bar displacement, stacked segments via y0/y1, per-category colours via
 * its colour facet. The legend only names the series (with their swatch); hovered values show in
 * a compact tooltip in Dutch number format.
 */
export function uplotOptions(spec: ChartSpec, width: number, height: number): uPlot.Options {
  const drawn = drawnSeries(spec);
  const n = spec.categories.length;
  const horizontal = spec.kind === 'bar' || spec.kind.startsWith('stacked');
  const isBars = spec.kind !== 'line' && spec.kind !== 'area';
  const stacked = spec.kind.startsWith('stacked');
  const edges = stacked ? stackEdges(spec) : null;
  const label = (i: number) => spec.categories[Math.round(i)]?.label ?? '';
  const groupW = 0.8 / Math.max(1, stacked ? 1 : drawn.length);
  const series: uPlot.Series[] = drawn.map(({ s }, k) => {
    const fmt = (_u: uPlot, v: number | null, _si: number, idx: number | null) => {
      if (idx === null || idx === undefined) return '';
      return formatCell(spec, s.values[idx] ?? null, s.counts?.[idx]);
    };
    if (!isBars) {
      return { label: seriesLegend(spec, s), stroke: s.color, width: 2, fill: spec.kind === 'area' && drawn.length === 1 ? `${s.color}55` : undefined, spanGaps: false, points: { size: 6 }, value: fmt };
    }
    const perCategory = spec.colorBy === 'category';
    const bars = uPlot.paths.bars!({
      size: [1, Infinity, 1],
      disp: {
        x0: { unit: SCALE_VALUE, values: () => spec.categories.map((_, i) => i - 0.4 + (stacked ? 0 : k * groupW)) },
        size: { unit: SCALE_VALUE, values: () => spec.categories.map(() => groupW) },
        ...(stacked
          ? {
              y0: { unit: SCALE_VALUE, values: () => edges!.bottoms[k]! },
              y1: { unit: SCALE_VALUE, values: () => edges!.tops[k]! },
            }
          : {}),
        // Colour per answer, with the answer's pattern when the chart uses patterns (as SVG and PDF draw it);
        // uPlot keys its fills by these values and sets them as fillStyle, so a CanvasPattern works.
        ...(perCategory ? { fill: { unit: COLOR, values: () => spec.categories.map((c) => (c.color ? canvasFill({ color: c.color, textColor: c.textColor ?? '#ffffff', pattern: c.pattern ?? null }) : canvasFill(s))) as unknown as string[] } } : {}),
      },
    });
    return { label: seriesLegend(spec, s), stroke: s.color, fill: canvasFill(s), width: 0, paths: bars, points: { show: false }, value: fmt };
  });
  // Side by side ('42,5%') value labels need more room than stacked ones, or they run together.
  const valueAxis: uPlot.Axis = { ...AXIS, space: horizontal ? 56 : 30, values: (_u, ticks) => ticks.map((t) => `${formatNumber(t, Number.isInteger(t) ? 0 : 1)}${spec.unit}`), size: 48 };
  // Phones: half the width and up to three lines for a category label, so it is read, not cut.
  const narrow = width < NARROW;
  const labelSize = Math.min(width * (narrow ? 0.5 : 0.4), 8 + Math.max(...spec.categories.map((c) => c.label.length), 4) * 6.2);
  const labelChars = Math.max(8, Math.floor((labelSize - 8) / 6.2));
  const maxLines = narrow ? 3 : 2;
  const categoryAxis: uPlot.Axis = horizontal
    ? {
        ...AXIS,
        grid: { show: false },
        splits: () => spec.categories.map((_, i) => i),
        // Long labels wrap onto a second line (uPlot draws '\n' as lines) instead of being cut.
        values: (_u, ticks) => ticks.map((t) => labelLines(label(t), labelChars, maxLines).join('\n')),
        size: labelSize,
      }
    : bottomAxis(spec);
  const legendFills = drawn.map(({ s }) => (isBars ? cssFill(s) : s.color));
  const max = spec.range.max;
  // A suppressed stacked bar keeps its row: the Dutch text is written where the bar would be.
  const hidden = stacked ? spec.categories.map((c, i) => ({ i, text: c.suppressed ? suppressedLabel(spec) : null })).filter((c) => c.text) : [];
  const drawHooks: ((u: uPlot) => void)[] = [];
  // A period without any released number: a grey band behind the lines (they break there, never bridged).
  const gaps = isBars ? [] : fullGaps(spec).flatMap((gap, i) => (gap ? [i] : []));
  const clearHooks = gaps.length
    ? [
        (u: uPlot) => {
          const ctx = u.ctx;
          ctx.save();
          ctx.fillStyle = '#f3f4f6';
          for (const i of gaps) {
            const a = Math.max(u.bbox.left, u.valToPos(i - 0.5, 'x', true));
            const b = Math.min(u.bbox.left + u.bbox.width, u.valToPos(i + 0.5, 'x', true));
            ctx.fillRect(a, u.bbox.top, b - a, u.bbox.height);
          }
          ctx.restore();
        },
      ]
    : [];
  if (spec.showValues !== false && isBars) drawHooks.push(valueLabels(spec, horizontal, stacked, edges, groupW));
  const opts: uPlot.Options = {
    width,
    height,
    ...(hidden.length || drawHooks.length || clearHooks.length
      ? {
          hooks: {
            drawClear: clearHooks,
            draw: [
              ...drawHooks,
              (u: uPlot) => {
                if (!hidden.length) return;
                const ctx = u.ctx;
                const ratio = globalThis.devicePixelRatio || 1;
                ctx.save();
                ctx.fillStyle = '#6b7280';
                ctx.font = `${11 * ratio}px system-ui, sans-serif`;
                ctx.textBaseline = 'middle';
                ctx.textAlign = 'left';
                const left = u.valToPos(0, 'y', true) + 6 * ratio;
                for (const h of hidden) ctx.fillText(h.text!, left, u.valToPos(h.i, 'x', true));
                ctx.restore();
              },
            ],
          },
        }
      : {}),
    // Room above the plot of lines and areas: the top tick's label is drawn whole, not cut at the edge.
    ...(isBars ? {} : { padding: [12, null, null, null] as uPlot.Padding }),
    // Not live: no 'Categorie: –' row and no '–' values; the x series never appears in the legend.
    legend: { show: legendKind(spec) !== 'none', live: false, markers: { width: 0, fill: (_u: uPlot, i: number) => (i > 0 ? legendFills[i - 1]! : 'transparent') } },
    plugins: [tooltipPlugin(spec), legendRowHeaders],
    cursor: { points: { show: !isBars }, drag: { x: !isBars, y: false } },
    scales: {
      x: { time: false, range: (): uPlot.Range.MinMax => [-0.5, Math.max(0.5, n - 0.5)], ...(horizontal ? { ori: 1, dir: -1 } : {}) },
      // Lines and areas end on a round value as in the SVG and the PDF (6,9 → 10), so the top tick has its label.
      y: { range: (_u: uPlot, lo: number | null, hi: number | null): uPlot.Range.MinMax => [Math.min(spec.range.min, lo ?? 0, 0), max ?? (stacked ? stackedAxisMax(spec) : isBars ? Math.max(hi ?? 1, 1) * 1.08 : niceMax(drawn.flatMap(({ s }) => s.values), 1))], ...(horizontal ? { ori: 0 } : {}) },
    },
    axes: withAxisTitles(spec, horizontal ? [{ ...categoryAxis, side: 3 }, { ...valueAxis, side: 2 }] : [categoryAxis, valueAxis]),
    series: [{ label: spec.timeAxis ? 'Periode' : 'Categorie', value: (_u: uPlot, v: number | null) => (v === null ? '–' : label(v)) }, ...series],
  };
  return opts;
}

/**
 * 'Toon waarden': the formatted value at the end of each bar (inside each stacked segment that
 * has room), as the public SVG and the PDF write them. With 'Toon n' the count follows.
 */
function valueLabels(spec: ChartSpec, horizontal: boolean, stacked: boolean, edges: ReturnType<typeof stackEdges> | null, groupW: number) {
  return (u: uPlot) => {
    const ctx = u.ctx;
    const ratio = globalThis.devicePixelRatio || 1;
    ctx.save();
    ctx.font = `${11 * ratio}px system-ui, sans-serif`;
    ctx.textBaseline = 'middle';
    drawnSeries(spec).forEach(({ s, i }, k) => {
      s.values.forEach((v, ci) => {
        if (v === null || v === undefined || spec.categories[ci]?.suppressed) return;
        const count = s.counts?.[ci];
        const text = valueText(spec, v, count, sigMark(spec, i, ci));
        const w = ctx.measureText(text).width;
        if (stacked) {
          const lo = edges!.bottoms[k]![ci];
          const hi = edges!.tops[k]![ci];
          if (lo === null || hi === null || lo === undefined || hi === undefined) return;
          const a = u.valToPos(lo, 'y', true);
          const b = u.valToPos(hi, 'y', true);
          if (Math.abs(b - a) < w + 6 * ratio) return;
          ctx.fillStyle = s.textColor;
          ctx.textAlign = 'center';
          ctx.fillText(text, (a + b) / 2, u.valToPos(ci, 'x', true));
          return;
        }
        const mid = ci - 0.4 + k * groupW + groupW / 2;
        ctx.fillStyle = '#1f2937';
        if (horizontal) {
          ctx.textAlign = 'left';
          ctx.fillText(text, u.valToPos(v, 'y', true) + 4 * ratio, u.valToPos(mid, 'x', true));
        } else {
          // Only what fits above its own column (format.ts columnLabel): neighbours never overlap.
          const width = Math.abs(u.valToPos(groupW, 'x', true) - u.valToPos(0, 'x', true));
          const height = Math.abs(u.valToPos(0, 'y', true) - u.valToPos(v, 'y', true));
          const fit = columnLabel(spec, v, count, sigMark(spec, i, ci), { width, height, lineHeight: 11 * ratio }, (t) => ctx.measureText(t).width);
          if (!fit) return;
          const cx = u.valToPos(mid, 'x', true);
          const top = u.valToPos(v, 'y', true);
          if (fit.inside) {
            ctx.save();
            ctx.translate(cx, top + 4 * ratio);
            ctx.rotate(-Math.PI / 2);
            ctx.fillStyle = spec.colorBy === 'category' ? (spec.categories[ci]?.textColor ?? s.textColor) : s.textColor;
            ctx.textAlign = 'right';
            ctx.fillText(fit.text, 0, 0);
            ctx.restore();
            return;
          }
          ctx.textAlign = 'center';
          ctx.textBaseline = 'bottom';
          ctx.fillText(fit.text, cx, top - 2 * ratio);
          ctx.textBaseline = 'middle';
        }
      });
    });
    ctx.restore();
  };
}

/**
 * The bottom category axis of columns, lines and areas: labels chosen for the current plot width
 * (uPlot calls splits/values/size again on every resize), so they never overlap.
 */
function bottomAxis(spec: ChartSpec): uPlot.Axis {
  const labels = spec.categories.map((c) => c.label);
  let cached: { width: number; ticks: ReturnType<typeof categoryTicks> } | null = null;
  const ticksFor = (u: uPlot) => {
    const ratio = globalThis.devicePixelRatio || 1;
    const width = Math.round(u.bbox.width > 0 ? u.bbox.width / ratio : u.width - 60);
    if (cached?.width !== width) cached = { width, ticks: categoryTicks(labels, spec.timeAxis, width, canvasMeasure(AXIS.font)) };
    return cached.ticks;
  };
  return {
    ...AXIS,
    grid: { show: false },
    splits: (u) => ticksFor(u).ticks,
    values: (u, splits) => {
      const t = ticksFor(u);
      return splits.map((s) => t.values[t.ticks.indexOf(s)] ?? '');
    },
    size: (u) => 14 + ticksFor(u).lines * 14,
  };
}

/** The axes with their titles when the spec names them (uPlot draws an axis label beside the ticks). */
function withAxisTitles(spec: ChartSpec, [category, value]: uPlot.Axis[]): uPlot.Axis[] {
  if (!spec.axisTitles) return [category!, value!];
  const font = '12px system-ui, sans-serif';
  return [
    { ...category!, label: spec.axisTitles.category, labelSize: 20, labelFont: font },
    { ...value!, label: spec.axisTitles.value, labelSize: 20, labelFont: font },
  ];
}
