import { useEffect, useMemo, useState } from 'react';
import { request } from '../../shared/api-client';
import { zknNl } from '../../shared/i18n/zkn';
import { distributionSpec } from '../../shared/zkn-chart';
import { Chart } from '../charts/Chart';
import { interval, one, percent, two } from './format';
import { ProviderDetail } from './ProviderDetail';
import type { RatingJobDetailView, ResultView } from './types';
import { useKeepEarlyInput } from '../early-input';
import { ScrollRegion } from '../shell/ScrollRegion';
import { shellTexts } from '../../shared/i18n/shell';

const t = zknNl.ranking;

/** /ZorgkaartNederland/ratings/:id: the ranking per type with intervals, the distribution, details, CSV. */
export default function RatingRanking({ initial, csvHref }: { initial: RatingJobDetailView; csvHref: string }) {
  const keepInput = useKeepEarlyInput<HTMLDivElement>();
  const [job, setJob] = useState(initial);
  const [type, setType] = useState('');
  const [detail, setDetail] = useState<ResultView | null>(null);
  useEffect(() => {
    if (job.status !== 'queued' && job.status !== 'running') return;
    const timer = setTimeout(async () => {
      try {
        setJob((await request<{ data: RatingJobDetailView }>('GET', `/api/v2/ratingJob/${job.id}`)).data);
      } catch {
        setJob({ ...job });
      }
    }, 1000);
    return () => clearTimeout(timer);
  }, [job]);
  const types = useMemo(() => [...new Set(job.results.map((r) => r.provider.type))], [job]);
  if (job.status === 'queued' || job.status === 'running')
    return (
      <p className="text-sm" aria-live="polite">
        {t.running} {job.progress}%<progress className="block w-full h-3 mt-1" max={100} value={job.progress} aria-label={zknNl.screens.progress} />
      </p>
    );
  if (job.status === 'failed') return <p className="text-sm text-red-700">{t.failed} {job.error}</p>;
  const shown = types.filter((ty) => !type || ty === type);
  const anyRanked = job.results.some((r) => r.ranked);
  return (
    <div ref={keepInput} className="flex flex-col gap-6">
      <p className="text-sm text-gray-700 max-w-4xl">{t.explain(job.min_n)}</p>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm">
          {zknNl.screens.type}
          <select className="rounded border border-gray-400 px-3 py-2" value={type} onChange={(e) => setType(e.target.value)}>
            <option value="">{t.allTypes}</option>
            {types.map((ty) => <option key={ty} value={ty}>{zknNl.types[ty] ?? ty}</option>)}
          </select>
        </label>
        <a className="rounded border border-brand px-4 py-2 text-sm text-brand hover:bg-brand-light" href={csvHref} download>{t.download}</a>
      </div>
      {anyRanked ? (
        <section className="rounded-lg bg-white shadow p-4" aria-label={t.distribution}>
          <Chart spec={distributionSpec(t.distribution, job.distribution)} height={220} />
        </section>
      ) : (
        <p className="text-sm">{t.noRanked}</p>
      )}
      {shown.map((ty) => {
        const rows = job.results.filter((r) => r.provider.type === ty);
        const mean = rows.find((r) => r.type_mean !== null)?.type_mean ?? null;
        const typeName = zknNl.types[ty] ?? ty;
        return (
          <section key={ty} className="rounded-lg bg-white shadow p-4 sm:p-6" aria-labelledby={`type-${ty}`}>
            <h2 id={`type-${ty}`} className="text-lg font-semibold mb-2">
              {typeName}
              {mean !== null && <span className="ml-2 text-sm font-normal text-gray-700">{t.typeMean}: {two(mean)}</span>}
            </h2>
            {/* Phones: one card per provider, every figure in sight (no sideways scrolling). */}
            <ol className="flex flex-col divide-y sm:hidden" aria-label={t.listOf(typeName)}>
              {rows.map((r) => (
                <li key={r.provider.id} className="py-3" data-ranking-card>
                  <div className="flex items-baseline gap-3">
                    <span className="w-8 shrink-0 text-lg font-semibold">
                      <span className="sr-only">{t.rank} </span>
                      {r.rank_in_type ?? '—'}
                    </span>
                    <div className="min-w-0 flex-1">
                      <div className="font-medium">{r.provider.name}</div>
                      <div className="text-xs text-gray-600">{[r.provider.place, r.provider.region].filter(Boolean).join(', ')}</div>
                    </div>
                  </div>
                  {r.ranked ? (
                    <>
                      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 pl-11 text-sm">
                        {[
                          [t.n, String(r.n)],
                          [t.mean, one(r.overall?.mean)],
                          [t.interval, interval(r.overall?.low, r.overall?.high)],
                          [t.weighted, two(r.bayes)],
                          [t.recommend, percent(r.recommend?.pct)],
                          [t.rankRegion, r.rank_in_region === null || r.rank_in_region === undefined ? '—' : String(r.rank_in_region)],
                        ].map(([term, value]) => (
                          <div key={term}>
                            <dt className="text-xs text-gray-600">{term}</dt>
                            <dd className="whitespace-nowrap">{value}</dd>
                          </div>
                        ))}
                      </dl>
                      <div className="mt-2 pl-11">
                        <button type="button" className="rounded border border-brand px-3 py-2 text-sm text-brand hover:bg-brand-light" onClick={() => setDetail(r)} aria-label={`${t.detail}: ${r.provider.name}`}>{t.detail}</button>
                      </div>
                    </>
                  ) : (
                    <p className="mt-1 pl-11 text-sm italic text-gray-700">{zknNl.tooFew}</p>
                  )}
                </li>
              ))}
            </ol>
            <ScrollRegion className="hidden sm:block" label={shellTexts.tableOf(t.listOf(typeName))}>
              <table className="w-full text-sm">
                <thead>
                  <tr className="text-left border-b">
                    <th className="py-2 pr-3">{t.rank}</th>
                    <th className="py-2 pr-3">{t.provider}</th>
                    <th className="py-2 pr-3 text-right">{t.n}</th>
                    <th className="py-2 pr-3 text-right">{t.mean}</th>
                    <th className="py-2 pr-3 text-right whitespace-nowrap">{t.interval}</th>
                    <th className="py-2 pr-3 text-right">{t.weighted}</th>
                    <th className="py-2 pr-3 text-right">{t.recommend}</th>
                    <th className="py-2 pr-3 text-right hidden md:table-cell">{t.rankRegion}</th>
                    <th className="py-2"><span className="sr-only">{t.detail}</span></th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.provider.id} className="border-b last:border-0">
                      <td className="py-2 pr-3 font-semibold">{r.rank_in_type ?? '—'}</td>
                      <td className="py-2 pr-3 min-w-40">
                        {r.provider.name}
                        <div className="text-xs text-gray-600">{[r.provider.place, r.provider.region].filter(Boolean).join(', ')}</div>
                      </td>
                      {r.ranked ? (
                        <>
                          <td className="py-2 pr-3 text-right">{r.n}</td>
                          <td className="py-2 pr-3 text-right">{one(r.overall?.mean)}</td>
                          <td className="py-2 pr-3 text-right whitespace-nowrap">{interval(r.overall?.low, r.overall?.high)}</td>
                          <td className="py-2 pr-3 text-right">{two(r.bayes)}</td>
                          <td className="py-2 pr-3 text-right">{percent(r.recommend?.pct)}</td>
                          <td className="py-2 pr-3 text-right hidden md:table-cell">{r.rank_in_region ?? '—'}</td>
                          <td className="py-2 text-right">
                            <button type="button" className="rounded border border-brand px-2 py-1 text-brand hover:bg-brand-light" onClick={() => setDetail(r)} aria-label={`${t.detail}: ${r.provider.name}`}>{t.detail}</button>
                          </td>
                        </>
                      ) : (
                        <td className="py-2 text-gray-700 italic" colSpan={7}>{zknNl.tooFew}</td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </section>
        );
      })}
      {detail && <ProviderDetail result={detail} onClose={() => setDetail(null)} />}
    </div>
  );
}
