import type uPlot from 'uplot';
import { type ChartSpec, formatCell, formatNumber, sigPartners } from '../../shared/chart-spec';
import { chartsNl } from '../../shared/i18n/charts';
import { drawnSeries } from './series';
import { cssFill } from './patterns';

export interface TipRow {
  label: string;
  value: string;
  swatch: string;
  /** 'significant verschil met Jongeren' when this value differs significantly from other benchmarks. */
  significance?: string;
}

/**
 * What the tooltip says for category `idx`: its label and one row per visible series that has a
 * number there. Missing values are left out (never '–'); a suppressed stacked bar says why.
 */
export function tipContent(spec: ChartSpec, idx: number, visible: (k: number) => boolean = () => true): { title: string; rows: TipRow[]; note: string | null } {
  const cat = spec.categories[idx];
  const title = cat?.label ?? '';
  if (cat?.suppressed) return { title, rows: [], note: cat.suppressed };
  const rows: TipRow[] = [];
  const isLine = spec.kind === 'line' || spec.kind === 'area';
  drawnSeries(spec).forEach(({ s, i }, k) => {
    const v = s.values[idx];
    if (!visible(k) || v === null || v === undefined) return;
    const margin = spec.showMarginOfError ? s.margins?.[idx] : null;
    const partners = sigPartners(spec, i, idx);
    const value = formatCell(spec, v, s.counts?.[idx]) + (partners.length ? ' *' : '');
    rows.push({ label: s.label, value: margin === null || margin === undefined ? value : `${value} ${chartsNl.margin(formatNumber(margin, 1))}`, swatch: isLine ? s.color : cssFill(s), ...(partners.length ? { significance: `* ${chartsNl.significantWith(partners)}` } : {}) });
  });
  return { title, rows, note: rows.length ? null : chartsNl.suppressed };
}

const TIP_STYLE =
  'position:absolute;z-index:10;pointer-events:none;display:none;max-width:16rem;padding:6px 8px;border-radius:6px;' +
  'background:#fff;border:1px solid #d1d5db;box-shadow:0 2px 6px rgba(0,0,0,.15);font:12px/1.35 system-ui,sans-serif;color:#1f2937;white-space:nowrap';

function render(tip: HTMLElement, content: ReturnType<typeof tipContent>) {
  tip.replaceChildren();
  const head = document.createElement('div');
  head.style.fontWeight = '600';
  head.textContent = content.title;
  tip.appendChild(head);
  for (const r of content.rows) {
    const row = document.createElement('div');
    row.style.cssText = 'display:flex;align-items:center;gap:6px';
    const sw = document.createElement('span');
    sw.style.cssText = 'display:inline-block;width:10px;height:10px;border-radius:2px;flex:none';
    sw.style.background = r.swatch;
    const label = document.createElement('span');
    label.textContent = r.label;
    const value = document.createElement('span');
    value.style.cssText = 'margin-left:auto;padding-left:12px;font-variant-numeric:tabular-nums;font-weight:600';
    value.textContent = r.value;
    row.appendChild(sw);
    row.appendChild(label);
    row.appendChild(value);
    tip.appendChild(row);
    if (r.significance) {
      const sig = document.createElement('div');
      sig.style.cssText = 'padding-left:16px;color:#4b5563;white-space:normal';
      sig.textContent = r.significance;
      tip.appendChild(sig);
    }
  }
  if (content.note) {
    const note = document.createElement('div');
    note.style.color = '#6b7280';
    note.textContent = content.note;
    tip.appendChild(note);
  }
}

/**
 * A compact hover tooltip instead of uPlot's live legend: the legend only names the series, the
 * numbers appear next to the pointer. Mouse-only by nature; the same numbers are in the table view
 * and the export.
 */
export function tooltipPlugin(spec: ChartSpec): uPlot.Plugin {
  let tip: HTMLDivElement | null = null;
  return {
    hooks: {
      init: (u) => {
        tip = document.createElement('div');
        tip.className = 'impulz-chart-tip';
        tip.setAttribute('aria-hidden', 'true');
        tip.style.cssText = TIP_STYLE;
        u.over.appendChild(tip);
      },
      setCursor: (u) => {
        if (!tip) return;
        const { idx, left, top } = u.cursor;
        if (idx === null || idx === undefined || left === undefined || left < 0 || top === undefined) {
          tip.style.display = 'none';
          return;
        }
        render(tip, tipContent(spec, idx, (k) => u.series[k + 1]?.show !== false));
        tip.style.display = 'block';
        const w = tip.offsetWidth;
        const h = tip.offsetHeight;
        const x = left + 14 + w > u.over.clientWidth ? Math.max(0, left - 14 - w) : left + 14;
        const y = top + 14 + h > u.over.clientHeight ? Math.max(0, top - 14 - h) : top + 14;
        tip.style.transform = `translate(${x}px, ${y}px)`;
        tip.style.left = tip.style.top = '0';
      },
    },
  };
}
