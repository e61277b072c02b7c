import { type SQLWrapper, and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Read, read } from '../../db/reads';
import { filterCategories, filterConditions, filterOptions, panelFieldOptions, panelFields, panels, projectSurveys, surveyPanels } from '../../db/schema';
import { weightingNl } from '../../../shared/i18n/weighting';
import { isPanelColumn, panelColumnKey, panelFieldTitle } from '../analytics/panel-attributes';
import type { ColumnTexts } from '../report-data/column-texts';
import type { SchemeRow } from './scheme-engine';

/**
 * What names a scheme's variables besides the survey's column texts: its panels' background fields
 * (title as the weighting form and generated filters show it, and option labels when asked) and the
 * filter categories built on one question of the survey (column key → the first such category's title).
 */
export interface VariableNames {
  panel: Map<string, { title: string; labels: Map<string, string> }>;
  categories: Map<string, string>;
}

export const NO_NAMES: VariableNames = { panel: new Map(), categories: new Map() };

/**
 * The names of one survey's weighting variables (`surveyId`: an id or a subquery giving it, e.g. the
 * survey of a report's scheme) as one read of a request's batch: the fields of the panels the survey
 * is fielded to, with their options only when `options` (the weighting screen's result tables), and the
 * filter categories on the survey whose every condition tests one and the same column.
 */
export function variableNamesRead(db: Db, surveyId: number | SQLWrapper, { options = false } = {}): Read<VariableNames> {
  const ids = typeof surveyId === 'number' ? [surveyId] : surveyId;
  const panelIds = db
    .select({ id: surveyPanels.panelId })
    .from(surveyPanels)
    .innerJoin(panels, and(eq(panels.id, surveyPanels.panelId), isNull(panels.deletedAt)))
    .where(inArray(surveyPanels.surveyId, ids));
  const fields = db
    .select({ id: panelFields.id, name: panelFields.name, panel: panels.name })
    .from(panelFields)
    .innerJoin(panels, eq(panels.id, panelFields.panelId))
    .where(inArray(panelFields.panelId, panelIds))
    .orderBy(asc(panels.id), asc(panelFields.order), asc(panelFields.id));
  const fieldOptions = db
    .select({ id: panelFieldOptions.id, fieldId: panelFieldOptions.panelFieldId, label: panelFieldOptions.label })
    .from(panelFieldOptions)
    .where(inArray(panelFieldOptions.panelFieldId, db.select({ id: panelFields.id }).from(panelFields).where(inArray(panelFields.panelId, panelIds))));
  const keys = sql<number>`count(distinct ${filterConditions.columnKey})`;
  const categories = db
    .select({ title: filterCategories.title, columnKey: sql<string>`min(${filterConditions.columnKey})` })
    .from(filterCategories)
    .innerJoin(projectSurveys, and(eq(projectSurveys.projectId, filterCategories.projectId), eq(projectSurveys.surveyId, filterCategories.surveyId)))
    .innerJoin(filterOptions, eq(filterOptions.categoryId, filterCategories.id))
    .innerJoin(filterConditions, eq(filterConditions.optionId, filterOptions.id))
    .where(inArray(filterCategories.surveyId, ids))
    .groupBy(filterCategories.id)
    .having(sql`${keys} = 1`)
    .orderBy(asc(filterCategories.id));
  type Rows = readonly [Awaited<typeof fields>, Awaited<typeof fieldOptions>, Awaited<typeof categories>];
  const present = ([fieldRows, optionRows, categoryRows]: Rows): VariableNames => {
    const several = new Set(fieldRows.map((f) => f.panel)).size > 1;
    const panel: VariableNames['panel'] = new Map();
    for (const f of fieldRows) panel.set(panelColumnKey(f.id), { title: panelFieldTitle(f.name, f.panel, several), labels: new Map(optionRows.filter((o) => o.fieldId === f.id).map((o) => [String(o.id), o.label])) });
    const byColumn = new Map<string, string>();
    for (const c of categoryRows) if (!byColumn.has(c.columnKey) && c.title.trim()) byColumn.set(c.columnKey, c.title.trim());
    return { panel, categories: byColumn };
  };
  // The options only when asked: the report data batch needs no statement more than it uses.
  return options ? read([fields, fieldOptions, categories], (rows) => present(rows)) : read([fields, categories], ([f, c]) => present([f, [], c]));
}

const MAX_TEXT = 60;

/** 'Leeftijd' → 'leeftijd' in the middle of a sentence; 'WOZ-waarde' and 'CBS' stay as they are. */
function inSentence(name: string): string {
  return /^\p{Lu}\p{Ll}/u.test(name) ? name[0]!.toLocaleLowerCase('nl-NL') + name.slice(1) : name;
}

/** A question code that reads as a word ('leeftijd', 'Wijk'), not as an id ('Q3', 'G01Q02', 'AGE'). */
const wordCode = (code: string) => code.length >= 3 && /^\p{Lu}?\p{Ll}+$/u.test(code);

/** A question text in quotes, shortened at a word to at most 60 characters. */
function quoted(text: string): string {
  if (text.length <= MAX_TEXT) return `‘${text}’`;
  const cut = text.slice(0, MAX_TEXT - 1);
  const space = cut.lastIndexOf(' ');
  return `‘${(space > 20 ? cut.slice(0, space) : cut).replace(/[\s,;:–-]+$/, '')}…’`;
}

/**
 * How 'Gewogen naar …' names one weighting variable, the way the report's reader knows it:
 * - a panel background field: its name (with the panel's when the survey is fielded to several);
 * - a question with a filter category of its own (every condition on that question): the
 *   category's title, as the reader sees it in the benchmark menu (the first category made);
 * - otherwise a question code that reads as a word ('leeftijd'; not 'Q3');
 * - otherwise the question text (with the subquestion's) in quotes, shortened to 60 characters.
 * Names start lower case in the sentence unless they start with an abbreviation ('WOZ-waarde').
 * Never an internal key: a variable without any name is 'een variabele zonder naam'.
 */
export function variableName(key: string, names: VariableNames, texts: Map<string, ColumnTexts> | undefined): string {
  const field = names.panel.get(key);
  if (field) return inSentence(field.title);
  if (isPanelColumn(key)) return weightingNl.unnamedVariable;
  const category = names.categories.get(key);
  if (category) return inSentence(category);
  const t = texts?.get(key);
  if (wordCode(key) && !t?.subquestion) return inSentence(key);
  const text = [t?.question, t?.subquestion].filter(Boolean).join(' – ');
  return text ? quoted(text) : weightingNl.unnamedVariable;
}

/** The full label of a variable on the weighting screen: a panel field's title, else the question text (– subquestion). */
export function variableLabel(key: string, names: VariableNames, texts: Map<string, ColumnTexts> | undefined): string {
  const field = names.panel.get(key);
  if (field) return field.title;
  const t = texts?.get(key);
  return [t?.question, t?.subquestion].filter(Boolean).join(' – ') || (isPanelColumn(key) ? weightingNl.unnamedVariable : key);
}

/**
 * How a refusal names a variable to the bureau (the weighting screen, the API, the stored reason of a
 * failed scheme, an indicator's reason): a question by its code, as the form lists it; a panel
 * background field by its title, never its key.
 */
export function staffName(key: string, names: VariableNames): string {
  if (!isPanelColumn(key)) return key;
  return names.panel.get(key)?.title ?? weightingNl.unnamedVariable;
}

/** Whether naming a scheme's variables to the bureau needs variableNamesRead (only panel fields do). */
export const hasPanelVariables = (variables: { column_key: string }[]) => variables.some((v) => isPanelColumn(v.column_key));

/** 'Gewogen naar leeftijd, geslacht en wijk': the scheme's variables named by variableName. */
export function weightedBy(scheme: Pick<SchemeRow, 'variables'>, names: VariableNames, texts: Map<string, ColumnTexts> | undefined): string {
  return weightingNl.weightedBy(scheme.variables.map((v) => variableName(v.column_key, names, texts)));
}
