import { weightingNl } from '../../shared/i18n/weighting';
import type { WeightingResultDto } from '../../shared/validation/weighting';

const t = weightingNl.screen;
const pct = (x: number) => `${(x * 100).toLocaleString('nl-NL', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
const num = (x: number, d = 2) => x.toLocaleString('nl-NL', { maximumFractionDigits: d });

/** The weights' distribution as small bars (20 bins from the smallest to the largest weight). */
function Histogram({ result }: { result: WeightingResultDto }) {
  const max = Math.max(1, ...result.histogram);
  const w = 240;
  const h = 60;
  const bar = w / result.histogram.length;
  return (
    <figure className="m-0 flex flex-col gap-1">
      <svg width={w} height={h} viewBox={`0 0 ${w} ${h}`} role="img" aria-label={t.histogramLabel(num(result.min_weight), num(result.max_weight))}>
        {result.histogram.map((n, i) => {
          const bh = (n / max) * (h - 2);
          return <rect key={i} x={i * bar + 1} y={h - bh} width={bar - 2} height={bh} className="fill-brand" />;
        })}
      </svg>
      <figcaption className="flex w-60 justify-between text-xs text-gray-600">
        <span>{num(result.min_weight)}</span>
        <span>{t.histogram}</span>
        <span>{num(result.max_weight)}</span>
      </figcaption>
    </figure>
  );
}

/**
 * A variable as its table's caption: a question by its code and text ('wijk – In welke wijk woont u?'),
 * a panel background field by its name only (its key 'panel:<id>' is internal); the cross of two
 * ('a|b') as both joined by ' × '.
 */
function captionOf(columnKey: string, labels: Record<string, string>): string {
  return columnKey
    .split('|')
    .map((key) => {
      const label = labels[key];
      if (key.startsWith('panel:')) return label ?? '';
      return label && label !== key ? `${key} – ${label}` : key;
    })
    .join(' × ');
}

/** Achieved vs target per category, the histogram and effective n / design effect in one Dutch sentence. */
export default function WeightingResult({ result, labels = {} }: { result: WeightingResultDto; labels?: Record<string, string> }) {
  return (
    <div className="flex flex-col gap-4" data-testid="weighting-result">
      <p className="text-sm">{t.explain(result.n, result.effective_n, result.design_effect)}</p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <dt className="text-gray-600">{t.n}</dt>
        <dd>{result.n.toLocaleString('nl-NL')}</dd>
        <dt className="text-gray-600">{t.effectiveN}</dt>
        <dd>{num(result.effective_n, 0)}</dd>
        <dt className="text-gray-600">{t.designEffect}</dt>
        <dd>{num(result.design_effect)}</dd>
        <dt className="text-gray-600">{t.iterations}</dt>
        <dd>{result.iterations}</dd>
        <dt className="text-gray-600">{t.missing}</dt>
        <dd>{result.missing.toLocaleString('nl-NL')}</dd>
      </dl>
      <Histogram result={result} />
      {result.variables.map((v) => (
        <div key={v.column_key} className="overflow-x-auto" role="region" aria-label={t.tableOf(captionOf(v.column_key, labels))} tabIndex={0}>
          <table className="w-full table-fixed text-xs sm:text-sm">
            <caption className="text-left font-semibold">{captionOf(v.column_key, labels)}{v.missing > 0 ? ` (${t.missingOf(v.missing)})` : ''}</caption>
            <thead>
              <tr className="text-left text-gray-600">
                <th scope="col" className="w-2/5 pr-2">{t.category}</th>
                <th scope="col" className="hidden pr-2 text-right sm:table-cell">{t.count}</th>
                <th scope="col" className="pr-2 text-right">{t.unweighted}</th>
                <th scope="col" className="pr-2 text-right">{t.target}</th>
                <th scope="col" className="text-right">{t.achieved}</th>
              </tr>
            </thead>
            <tbody>
              {v.categories.map((c) => (
                <tr key={c.code} className="border-t border-gray-100">
                  <th scope="row" className="pr-2 text-left font-normal">{c.label}</th>
                  <td className="hidden pr-2 text-right sm:table-cell">{c.count.toLocaleString('nl-NL')}</td>
                  <td className="pr-2 text-right">{pct(c.unweighted)}</td>
                  <td className="pr-2 text-right">{pct(c.target)}</td>
                  <td className="text-right">{pct(c.achieved)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}
