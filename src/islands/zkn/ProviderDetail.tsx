import { Chart } from '../charts/Chart';
import { Dialog } from '../shell/Dialog';
import { zknNl } from '../../shared/i18n/zkn';
import { distributionSpec } from '../../shared/zkn-chart';
import { interval, one, percent, two } from './format';
import type { ResultView } from './types';

const t = zknNl.ranking;

/** One ranked provider: scores per aspect with intervals, recommendation share, distribution of scores. */
export function ProviderDetail({ result, onClose }: { result: ResultView; onClose: () => void }) {
  const p = result.provider;
  return (
    <Dialog title={p.name} onClose={onClose} className="w-[min(720px,95vw)] max-h-[90vh]">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm mb-4">
        <dt className="font-semibold">{zknNl.screens.type}</dt><dd>{zknNl.types[p.type] ?? p.type}</dd>
        <dt className="font-semibold">{zknNl.screens.agbCode}</dt><dd>{p.agb_code}</dd>
        <dt className="font-semibold">{zknNl.screens.place}</dt><dd>{[p.place, p.region].filter(Boolean).join(', ') || '—'}</dd>
        <dt className="font-semibold">{t.rank}</dt><dd>{result.rank_in_type ?? '—'}{result.rank_in_region ? ` (${t.rankRegion.toLowerCase()}: ${result.rank_in_region})` : ''}</dd>
        <dt className="font-semibold">{t.weighted}</dt><dd>{two(result.bayes)} ({t.typeMean.toLowerCase()}: {two(result.type_mean)})</dd>
        <dt className="font-semibold">{t.recommend}</dt><dd>{result.recommend ? `${percent(result.recommend.pct)} (${percent(result.recommend.low)} – ${percent(result.recommend.high)}, n = ${result.recommend.n})` : zknNl.tooFew}</dd>
      </dl>
      <table className="w-full text-sm mb-4">
        <caption className="text-left font-semibold mb-1">{t.mean}</caption>
        <thead>
          <tr className="text-left border-b"><th className="py-1 pr-3">{t.aspect}</th><th className="py-1 pr-3 text-right">{t.n}</th><th className="py-1 pr-3 text-right">{t.mean}</th><th className="py-1 text-right">{t.interval}</th></tr>
        </thead>
        <tbody>
          <tr className="border-b font-semibold"><td className="py-1 pr-3">{t.mean}</td><td className="py-1 pr-3 text-right">{result.overall?.n}</td><td className="py-1 pr-3 text-right">{one(result.overall?.mean)}</td><td className="py-1 text-right">{interval(result.overall?.low, result.overall?.high)}</td></tr>
          {Object.entries(zknNl.aspects).map(([key, label]) => {
            const a = result.aspects?.[key] ?? null;
            return (
              <tr key={key} className="border-b last:border-0">
                <td className="py-1 pr-3">{label}</td>
                {a ? (
                  <><td className="py-1 pr-3 text-right">{a.n}</td><td className="py-1 pr-3 text-right">{one(a.mean)}</td><td className="py-1 text-right">{interval(a.low, a.high)}</td></>
                ) : (
                  <td className="py-1 text-right text-gray-700" colSpan={3}>{zknNl.tooFew}</td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      {result.distribution && <Chart spec={distributionSpec(t.distributionOf(p.name), result.distribution)} height={200} />}
    </Dialog>
  );
}
