import { type ChartSpec, formatCell, formatNumber, sigMark } from '../../shared/chart-spec';
import { chartsNl } from '../../shared/i18n/charts';

/** The spec as an accessible HTML table: categories down, series across; suppressed columns show '–'. */
export function ChartTable({ spec }: { spec: ChartSpec }) {
  return (
    <table className="w-full text-sm border-collapse">
      <caption className="sr-only">{spec.title}</caption>
      <thead>
        <tr className="bg-gray-100">
          <th scope="col" className="text-left p-2">
            {spec.categories.length === spec.questions.length ? chartsNl.table.question : chartsNl.table.category}
          </th>
          {spec.series.map((s) => (
            <th key={s.key} scope="col" className="text-right p-2">
              {s.label}
              {spec.showN && s.n !== null && !s.suppressed ? ` (n=${formatNumber(s.n)})` : ''}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {spec.categories.map((c, ci) => (
          <tr key={c.key} className="border-t border-gray-200">
            <th scope="row" className="text-left font-normal p-2">
              {c.label}
            </th>
            {spec.series.map((s, k) => (
              <td key={s.key} className={`text-right p-2 ${s.suppressed ? 'text-gray-500' : ''}`}>
                {formatCell(spec, s.values[ci] ?? null, s.counts?.[ci])}
                {sigMark(spec, k, ci) ? <abbr title={chartsNl.significantShort}>{sigMark(spec, k, ci)}</abbr> : null}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Open answers as a list, most frequent first, with their counts. */
export function OpenAnswers({ spec }: { spec: ChartSpec }) {
  const s = spec.series.find((x) => !x.suppressed);
  if (!s) return null;
  if (!spec.categories.length) return <p className="text-sm text-gray-500">{chartsNl.noAnswers}</p>;
  return (
    <ul className="divide-y divide-gray-200 text-sm">
      {spec.categories.map((c, i) => (
        <li key={c.key} className="flex justify-between gap-4 py-1">
          <span>{c.label}</span>
          <span className="text-gray-500">{formatNumber(s.counts?.[i] ?? 0)}</span>
        </li>
      ))}
    </ul>
  );
}
