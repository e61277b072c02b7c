import { useState } from 'react';
import { reportsCheckNl as t } from '../../shared/i18n/admin-reports';
import { useHydrated } from '../use-hydrated';
import { adminCall } from './call';
import { ScrollRegion } from '../shell/ScrollRegion';
import { shellTexts } from '../../shared/i18n/shell';

interface CheckResult { reports: number; charts: number; dataLocations: number; problems: { report_id: number; report: string; where: string; problem: string }[] }

/** Runs GET admin/reports/check and lists the problems found. */
export default function ReportCheck() {
  const hydrated = useHydrated();
  const [result, setResult] = useState<CheckResult | null>(null);
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    const res = await adminCall<CheckResult>('GET', '/api/v2/admin/reports/check');
    setBusy(false);
    if (res.data) setResult(res.data);
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-gray-700">{t.checkIntro}</p>
      <button type="button" className="self-start rounded bg-brand text-white px-4 py-2 hover:bg-brand-dark disabled:opacity-50" onClick={run} disabled={!hydrated || busy}>{t.runCheck}</button>
      <div aria-live="polite">
        {result && <p className="text-sm font-semibold">{t.checked(result.reports, result.charts, result.dataLocations, result.problems.length)}</p>}
        {result && result.problems.length > 0 && (
          <ScrollRegion className="mt-2" label={shellTexts.tableOf(t.checkTitle)}>
            <table className="w-full text-sm">
              <thead><tr className="text-left border-b"><th className="py-2 pr-3">{t.problemColumns.report}</th><th className="py-2 pr-3">{t.problemColumns.where}</th><th className="py-2">{t.problemColumns.problem}</th></tr></thead>
              <tbody>
                {result.problems.map((p, i) => (
                  <tr key={i} className="border-b last:border-0"><td className="py-2 pr-3">{p.report} <span className="text-gray-600">#{p.report_id}</span></td><td className="py-2 pr-3">{p.where}</td><td className="py-2">{p.problem}</td></tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
      </div>
    </div>
  );
}
