import type { ColumnDef } from '../../analytics';
import type { Db } from '../../db/client';
import { fieldKind } from '../../../shared/validation/panels';
import { rawClient } from '../surveys/scope';

/** Cube key of a panel background field: ':' never occurs in LimeSurvey's column keys. */
export const panelColumnKey = (fieldId: number) => `panel:${fieldId}`;
export const isPanelColumn = (key: string) => /^panel:\d+$/.test(key);

/** The member behind a panel token (panel-fielding.ts: participant_id 'panel-user:<id>'). */
export const memberOfParticipant = (participantId: unknown): number | null => {
  const m = /^panel-user:(\d+)$/.exec(String(participantId ?? ''));
  return m ? Number(m[1]) : null;
};

/** A background field's title in menus and sentences: with its panel's name when the survey is fielded to several panels. */
export const panelFieldTitle = (field: string, panel: string, severalPanels: boolean) => (severalPanels ? `${field} (${panel})` : field);

export interface PanelAttributes {
  defs: ColumnDef[];
  /** Per member: cube column → value (single/text/numeric) or chosen option codes (multi). */
  values: Map<number, Map<string, string | string[]>>;
  /** Titles and option labels for filters generated from these columns. */
  labels: Map<string, { title: string; labels: Map<string, string> }>;
}

const dateNumber = (iso: string) => Number(iso.replaceAll('-', ''));

/**
 * The background fields of the panels a survey is fielded to, as respondent attributes of its
 * cube: choice fields become single/multi columns (option ids as codes), numbers numeric, dates
 * numeric as YYYYMMDD (so 'before'/'after' conditions work), texts and postcodes short text
 * (the engine folds rare values into 'Overig' and drops columns with too many distinct values).
 * Three queries: fields, options, answers of the panels' members.
 */
export async function loadPanelAttributes(db: Db, surveyId: number): Promise<PanelAttributes> {
  const client = rawClient(db);
  const panelsOf = `select sp.panel_id from survey_panels sp join panels p on p.id = sp.panel_id and p.deleted_at is null where sp.survey_id = ?`;
  const [fields, options, answers] = await client.batch(
    [
      { sql: `select f.id, f.type_id, f.name, p.name as panel from panel_fields f join panels p on p.id = f.panel_id where f.panel_id in (${panelsOf}) order by p.id, f."order", f.id`, args: [surveyId] },
      { sql: `select o.id, o.panel_field_id, o.label from panel_field_options o join panel_fields f on f.id = o.panel_field_id where f.panel_id in (${panelsOf}) order by o."order", o.id`, args: [surveyId] },
      {
        sql: `select a.user_id, a.panel_field_id, a.option_id, a.value from panel_answers a join panel_fields f on f.id = a.panel_field_id
          join panel_users pu on pu.panel_id = f.panel_id and pu.user_id = a.user_id where f.panel_id in (${panelsOf})`,
        args: [surveyId],
      },
    ],
    'read',
  );
  const defs: ColumnDef[] = [];
  const labels: PanelAttributes['labels'] = new Map();
  const kinds = new Map<number, ReturnType<typeof fieldKind>>();
  const several = new Set(fields!.rows.map((f) => String(f.panel))).size > 1;
  for (const f of fields!.rows) {
    const id = Number(f.id);
    const key = panelColumnKey(id);
    const kind = fieldKind(Number(f.type_id));
    kinds.set(id, kind);
    const opts = options!.rows.filter((o) => Number(o.panel_field_id) === id);
    labels.set(key, { title: panelFieldTitle(String(f.name), String(f.panel), several), labels: new Map(opts.map((o) => [String(o.id), String(o.label)])) });
    if (kind === 'single') defs.push({ key, source: 'attribute', kind: 'single', options: opts.map((o) => ({ code: String(o.id), score: null })) });
    else if (kind === 'multi') defs.push({ key, source: 'attribute', kind: 'multi', options: opts.map((o) => ({ code: String(o.id) })) });
    else if (kind === 'number' || kind === 'date') defs.push({ key, source: 'attribute', kind: 'numeric' });
    else defs.push({ key, source: 'attribute', kind: 'text' });
  }
  const values: PanelAttributes['values'] = new Map();
  for (const a of answers!.rows) {
    const fieldId = Number(a.panel_field_id);
    const kind = kinds.get(fieldId);
    if (!kind) continue;
    const key = panelColumnKey(fieldId);
    const user = Number(a.user_id);
    const own = values.get(user) ?? values.set(user, new Map()).get(user)!;
    if (kind === 'multi') own.set(key, [...((own.get(key) as string[] | undefined) ?? []), String(a.option_id)]);
    else if (kind === 'single') own.set(key, String(a.option_id));
    else if (kind === 'date') own.set(key, String(dateNumber(String(a.value))));
    else own.set(key, String(a.value ?? ''));
  }
  return { defs, values, labels };
}
