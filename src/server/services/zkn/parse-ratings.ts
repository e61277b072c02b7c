import { zknNl } from '../../../shared/i18n/zkn';
import { ZKN_ASPECTS, type ZknAspect } from '../../analytics/zkn-ranking';
import { fieldOf, LineProblems, readCsvTable, requireColumns } from './read-csv';

export interface ParsedRating {
  line: number;
  providerId: number;
  ratedOn: string;
  overall: number;
  aspects: Record<ZknAspect, number | null>;
  recommend: boolean | null;
}

const SCORE = /^(10|[1-9])$/;

function validDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/**
 * Reads a ratings file (README, "Zorgkaart Nederland"): every line is checked before anything is
 * stored; the first problems are reported with their line numbers.
 */
export async function parseRatingsFile(file: Blob | null, providerByAgb: Map<string, number>): Promise<ParsedRating[]> {
  const table = await readCsvTable(file);
  requireColumns(table, ['agb_code', 'datum', 'cijfer']);
  const problems = new LineProblems();
  const width = table.columns.size;
  const out: ParsedRating[] = [];
  for (const { fields, line } of table.rows) {
    if (fields.length !== width) {
      problems.add(zknNl.file.fieldCount(line, width, fields.length));
      continue;
    }
    const get = (c: string) => fieldOf(table, fields, c);
    const agb = get('agb_code');
    const providerId = providerByAgb.get(agb);
    if (!/^\d{8}$/.test(agb)) problems.add(zknNl.file.agb(line, agb));
    else if (providerId === undefined) problems.add(zknNl.file.unknownAgb(line, agb));
    const date = get('datum');
    if (!validDate(date)) problems.add(zknNl.file.date(line, date));
    const score = get('cijfer');
    if (!SCORE.test(score)) problems.add(zknNl.file.score(line, score));
    const aspects = {} as Record<ZknAspect, number | null>;
    for (const a of ZKN_ASPECTS) {
      const v = get(a);
      if (v !== '' && !SCORE.test(v)) problems.add(zknNl.file.aspect(line, a, v));
      aspects[a] = v === '' ? null : Number(v);
    }
    const rec = get('aanbevelen').toLowerCase();
    if (rec !== '' && rec !== 'ja' && rec !== 'nee') problems.add(zknNl.file.recommend(line, rec));
    if (providerId !== undefined) out.push({ line, providerId, ratedOn: date, overall: Number(score), aspects, recommend: rec === '' ? null : rec === 'ja' });
  }
  problems.throwIfAny();
  return out;
}
