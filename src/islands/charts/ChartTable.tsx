import { type ChartSpec, formatCount } from '../../shared/chart-spec';
import { chartTableModel } from '../../shared/chart/table';
import { chartsNl } from '../../shared/i18n/charts';

/**
 * The spec as an accessible HTML table: categories down, series across; suppressed columns show
 * '–'. A value that differs significantly from another benchmark's reads ' *' and names that benchmark.
 */
export function ChartTable({ spec }: { spec: ChartSpec }) {
  const model = chartTableModel(spec);
  return (
    <table className="w-full text-sm border-collapse">
      {model.note ? (
        <caption className="caption-bottom text-left text-xs text-gray-700 pt-1" data-testid="table-approximate">
          <span className="sr-only">{spec.title}. </span>
          {model.note}
        </caption>
      ) : (
        <caption className="sr-only">{spec.title}</caption>
      )}
      <thead>
        <tr className="bg-gray-100">
          <th scope="col" className="text-left p-2">
            {model.corner}
          </th>
          {model.columns.map((c) => (
            <th key={c.key} scope="col" className="text-right p-2">
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {model.rows.map((r) => (
          <tr key={r.key} className="border-t border-gray-200">
            <th scope="row" className="text-left font-normal p-2">
              {r.label}
            </th>
            {r.cells.map((c, k) => (
              <td key={model.columns[k]!.key} className={`text-right p-2 ${model.columns[k]!.suppressed ? 'text-gray-600' : ''}`} data-significant={c.differsFrom.length ? '' : undefined}>
                {c.text}
                {c.differsFrom.length ? (
                  <>
                    {' '}
                    <abbr title={chartsNl.significantWith(c.differsFrom)}>*</abbr>
                    <span className="block text-xs text-gray-600">{chartsNl.significantWith(c.differsFrom)}</span>
                  </>
                ) : null}
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
          <span className="text-gray-500">{formatCount(spec, s.counts?.[i] ?? 0)}</span>
        </li>
      ))}
    </ul>
  );
}
