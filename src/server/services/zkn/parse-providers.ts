import { zknNl } from '../../../shared/i18n/zkn';
import { PROVIDER_TYPES, type ProviderType } from '../../../shared/validation/zkn';
import { fieldOf, LineProblems, readCsvTable, requireColumns } from './read-csv';

export interface ParsedProvider {
  agbCode: string;
  name: string;
  type: ProviderType;
  place: string;
  region: string;
}

/** A providers file: agb_code; naam; type; plaats; regio (plaats and regio may be empty or absent). */
export async function parseProvidersFile(file: Blob | null): Promise<ParsedProvider[]> {
  const table = await readCsvTable(file);
  requireColumns(table, ['agb_code', 'naam', 'type']);
  const problems = new LineProblems();
  const seen = new Set<string>();
  const width = table.columns.size;
  const out: ParsedProvider[] = [];
  for (const { fields, line } of table.rows) {
    if (fields.length !== width) {
      problems.add(zknNl.file.fieldCount(line, width, fields.length));
      continue;
    }
    const get = (c: string) => fieldOf(table, fields, c);
    const agbCode = get('agb_code');
    const name = get('naam');
    const type = get('type').toLowerCase() as ProviderType;
    if (!/^\d{8}$/.test(agbCode)) problems.add(zknNl.file.agb(line, agbCode));
    else if (seen.has(agbCode)) problems.add(zknNl.file.duplicateAgb(line, agbCode));
    seen.add(agbCode);
    if (!name || name.length > 191) problems.add(zknNl.file.name(line));
    if (!PROVIDER_TYPES.includes(type)) problems.add(zknNl.file.type(line, get('type')));
    out.push({ agbCode, name, type, place: get('plaats').slice(0, 191), region: get('regio').slice(0, 191) });
  }
  problems.throwIfAny();
  return out;
}
