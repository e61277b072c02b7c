import { type ColumnDef, cubeKindOf, fixedCodes } from '../../analytics';
import type { ResponseColumn } from '../surveys/column-map';
import type { StructureQuestion, SurveyStructure } from '../surveys/load-structure';

/** How one stored answer key feeds the cube: into its own column, or as an option of a multi column. */
export type Feed = { key: string; column: string; multiCode?: string };

export interface CubeLayout {
  defs: ColumnDef[];
  feeds: Feed[];
  /** Token attribute names (attribute_1 …) that are attribute columns of the cube. */
  attributes: string[];
}

function singleOptions(q: StructureQuestion, scale: number): { code: string; score: number | null }[] {
  const fixed = fixedCodes(q.type);
  if (fixed) return fixed.map((code) => ({ code, score: null }));
  const answers = q.answers.filter((a) => a.scaleId === scale);
  // LimeSurvey's assessment value defaults to 0: only a question that sets some counts as scored.
  const scored = answers.some((a) => a.assessmentValue !== 0);
  const options = answers.map((a) => ({ code: a.code, score: scored ? a.assessmentValue : null }));
  if (q.other && (q.type === 'L' || q.type === '!')) options.push({ code: '-oth-', score: null });
  return options;
}

/**
 * The cube's columns of a survey (question-kinds.ts decides per type): single choice, one multi
 * column per multiple-choice question (its "Y" subquestion keys become options), numeric, short
 * text, "other"/comment texts; token attributes as attribute columns; `respondentColumns` (panel
 * background fields, keys `panel:<id>`) are attribute columns too, after them.
 */
export function cubeLayout(structure: SurveyStructure, columns: ResponseColumn[], attributeNames: string[], respondentColumns: ColumnDef[] = []): CubeLayout {
  const questions = new Map<number, StructureQuestion>();
  for (const g of structure.groups) for (const q of g.questions) questions.set(q.id, q);
  const defs: ColumnDef[] = [];
  const feeds: Feed[] = [];
  const multis = new Map<number, Extract<ColumnDef, { kind: 'multi' }>>();
  const used = new Set<string>();
  for (const col of columns) {
    const q = questions.get(col.questionId);
    if (!q) continue;
    if (col.part === 'other' || col.part === 'comment') {
      defs.push({ key: col.key, kind: 'text' });
      feeds.push({ key: col.key, column: col.key });
      continue;
    }
    if (col.part !== 'value') continue;
    const kind = cubeKindOf(q.type);
    if (kind === 'multi') {
      const sub = q.subquestions.find((s) => s.id === col.subquestionId);
      if (!sub) continue;
      let def = multis.get(q.id);
      if (!def) {
        def = { key: q.code, kind: 'multi', options: [] };
        multis.set(q.id, def);
        defs.push(def);
      }
      def.options.push({ code: sub.code });
      feeds.push({ key: col.key, column: q.code, multiCode: sub.code });
    } else if (kind === 'single') {
      const options = q.type === 'R' ? q.answers.map((a) => ({ code: a.code, score: null })) : singleOptions(q, col.scale);
      if (!options.length) continue;
      defs.push({ key: col.key, kind, options });
      feeds.push({ key: col.key, column: col.key });
    } else if (kind === 'numeric' || kind === 'text') {
      defs.push({ key: col.key, kind });
      feeds.push({ key: col.key, column: col.key });
    }
  }
  for (const d of defs) used.add(d.key);
  const attributes = attributeNames.filter((a) => !used.has(a));
  for (const a of attributes) defs.push({ key: a, source: 'attribute', kind: 'text' });
  for (const d of respondentColumns) if (!used.has(d.key)) defs.push({ ...d, source: 'attribute' });
  return { defs, feeds, attributes };
}
