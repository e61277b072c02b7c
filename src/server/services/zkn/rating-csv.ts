import type { UserServiceContext } from '../../context';
import { zknNl } from '../../../shared/i18n/zkn';
import { ZKN_ASPECTS } from '../../analytics/zkn-ranking';
import { csvFile, numeric, type ExportRow } from '../../../shared/export/writer';
import { getRatingJob } from './get-rating-job';
import { auditRow } from '../audit/audit-row';

/** A decimal with the Dutch comma, written as a number. */
const num = (v: number | null | undefined, d = 2) => (v === null || v === undefined ? '' : numeric(v.toFixed(d).replace('.', ',')));

/** GET ratingJob/{id}/csv: the ranking as a Dutch spreadsheet CSV (semicolons, decimal commas); audited as `ratings.export`. */
export async function ratingJobCsv(ctx: UserServiceContext, id: number) {
  const job = await getRatingJob(ctx, id);
  const header = ['plaats_in_type', 'plaats_in_regio', 'zorgaanbieder', 'agb_code', 'type', 'plaats', 'regio', 'aantal', 'gemiddeld', 'interval_laag', 'interval_hoog', 'gewogen', ...ZKN_ASPECTS, 'aanbevelen_pct'];
  const lines: ExportRow[] = [header];
  for (const r of job.results) {
    const p = r.provider;
    const base = [p.name, p.agb_code, zknNl.types[p.type] ?? p.type, p.place, p.region];
    if (!r.ranked) {
      lines.push(['', '', ...base, zknNl.tooFew, '', '', '', '', ...ZKN_ASPECTS.map(() => ''), '']);
      continue;
    }
    lines.push(
      [r.rank_in_type ?? '', r.rank_in_region ?? '', ...base, r.n ?? '', num(r.overall?.mean), num(r.overall?.low), num(r.overall?.high), num(r.bayes), ...ZKN_ASPECTS.map((a) => num(r.aspects?.[a]?.mean)), num(r.recommend?.pct, 1)]);
  }
  const slug = job.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || `ronde-${job.id}`;
  const body = csvFile(lines, { delimiter: ';' });
  await auditRow(ctx, { action: 'ratings.export', resource: 'rating_job', resourceId: job.id, summary: `Zorgkaart-ranglijst geëxporteerd (CSV): ${job.name.slice(0, 200)} (${job.id}), ${job.results.length} zorgaanbieders` });
  return { body, filename: `zorgkaart-${slug}.csv` };
}
