import { type BuildReport, type Cube, CubeBuilder, dayFromIso } from '../../analytics';
import type { Db } from '../../db/client';
import { loadSurveyColumns } from '../surveys/responses/survey-columns';
import { rawClient } from '../surveys/scope';
import { AppError } from '../../errors';
import { cubeLayout } from './cube-columns';
import { cubeSizeProblem, largestSurvey } from './cube-limit';
import { loadPanelAttributes, memberOfParticipant } from './panel-attributes';

const PAGE = 5000;

/**
 * How a build shares the isolate's one thread. A Worker isolate runs one piece of JavaScript at a
 * time: a build that decodes and feeds every row without awaiting holds every request of the
 * isolate until it is done (the demo survey's 3,000 responses: ~0.2 s, which the respondents'
 * pages queued behind). A background build (the participation rebuild, the build after an import)
 * reads smaller pages and pauses after every `pauseEvery` rows, so the isolate's requests run in
 * between; the cube is the same byte for byte (rows are fed in the same id order either way).
 */
export interface BuildOptions {
  /** Rows per read (keyset page): decoding a page is one uninterrupted stretch. Default 5,000. */
  pageRows?: number;
  /** Rows fed between pauses (and a pause every 8 columns while finishing); 0 (default) = no pauses (a user waiting for the cube on demand). */
  pauseEvery?: number;
  /** The pause: back to the event loop (default: a zero timer, which workerd and Node both allow). */
  pause?: () => Promise<void>;
}

/**
 * A background build's sharing (the demo survey's 3,000 rows measured in Node, V8 as in workerd):
 * decoding a page of 1,000 rows ~15 ms, feeding 250 rows ~3 ms; so pages of 500 and a pause every
 * 250 rows (and every 8 columns while finishing the cube) keep each stretch under ~10 ms, for one
 * more round trip per 500 rows.
 */
export const BACKGROUND_BUILD: BuildOptions = { pageRows: 500, pauseEvery: 250 };

const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A response's cube day: its submit date, else its start date or date stamp (null: not in the cube). */
export function dayOf(...stamps: (unknown | null)[]): number | null {
  for (const s of stamps) {
    if (typeof s !== 'string' || s.length < 10) continue;
    const iso = s.slice(0, 10);
    if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return dayFromIso(iso);
  }
  return null;
}

/**
 * Builds a survey's response cube from libSQL: the column layout from its questions, then every
 * response in pages of 5,000 ordered by id (keyset), each page's answer JSON fed to CubeBuilder.
 * A response's day is its submit date, else its start date or date stamp (unfinished responses,
 * marked incomplete: reports count completed responses only unless they include incomplete ones).
 * Token attributes join in when the survey uses tokens with described attributes; the background
 * fields of the panels the survey is fielded to join in through the token's member
 * (participant_id 'panel-user:<id>'), so a response carries its member's current background data.
 */
export async function buildSurveyCube(db: Db, surveyId: number, opts: BuildOptions = {}): Promise<{ cube: Cube; report: BuildReport; version: number }> {
  const page = opts.pageRows ?? PAGE;
  const pauseEvery = opts.pauseEvery ?? 0;
  const pause = opts.pause ?? nextTurn;
  const { survey, structure, columns } = await loadSurveyColumns(db, surveyId);
  const attributeNames = survey.useTokens ? Object.keys(survey.attributeDescriptions ?? {}).filter((k) => /^attribute_\d+$/.test(k)) : [];
  const panel = await loadPanelAttributes(db, surveyId);
  const layout = cubeLayout(structure, columns, attributeNames, panel.defs);
  const version = survey.responsesVersion;
  const client = rawClient(db);
  // Too many responses for a Worker's memory: a clear Dutch refusal while reading (no extra query),
  // before staging more than the budget holds — not a crashed isolate.
  const largest = largestSurvey(layout.defs);
  let read = 0;
  const builder = new CubeBuilder(surveyId, version, layout.defs);
  const multiColumns = new Set(layout.feeds.filter((f) => f.multiCode).map((f) => f.column));
  const withTokens = layout.attributes.length > 0 || panel.defs.length > 0;
  // `+r.survey_id` keeps SQLite on the primary key (rowid > ?, already in id order); through the
  // (survey_id, submit_date) index every page would sort all remaining rows of the survey again.
  const sql = withTokens
    ? `select r.id, r.submit_date, r.start_date, r.date_stamp, r.record_key, r.answers, t.attributes, t.participant_id from survey_responses r left join survey_tokens t on t.survey_id = r.survey_id and t.token = r.token where +r.survey_id = ? and r.id > ? order by r.id limit ${page}`
    : `select r.id, r.submit_date, r.start_date, r.date_stamp, r.record_key, r.answers, null as attributes, null as participant_id from survey_responses r where +r.survey_id = ? and r.id > ? order by r.id limit ${page}`;
  let after = 0;
  let sincePause = 0;
  for (;;) {
    const { rows } = await client.execute({ sql, args: [surveyId, after] });
    sincePause = 0; // the read itself went back to the event loop
    read += rows.length;
    if (read > largest) throw new AppError('VALIDATION', cubeSizeProblem(layout.defs, read, rows.length === page) ?? '');
    for (const row of rows) {
      if (pauseEvery && sincePause++ === pauseEvery) {
        sincePause = 1;
        await pause();
      }
      const id = Number(row.id);
      after = id;
      const day = dayOf(row.submit_date, row.start_date, row.date_stamp);
      if (day === null) continue;
      builder.setDay(id, day, dayOf(row.submit_date) !== null);
      // The stored random key (the insert trigger sets it); a row without one would take the derived key.
      if (row.record_key !== null && row.record_key !== undefined) builder.setRecordKey(id, Number(row.record_key));
      const answers = JSON.parse(String(row.answers)) as Record<string, string | null>;
      for (const f of layout.feeds) {
        const v = answers[f.key];
        if (v === undefined || v === null || v === '') continue;
        if (f.multiCode) {
          if (v === 'Y') builder.setValue(id, f.column, f.multiCode);
        } else builder.setValue(id, f.column, v);
      }
      // An "other" text of a multiple-choice question also counts as having answered it.
      for (const key of multiColumns) if (answers[`${key}_other`]) builder.markAnswered(id, key);
      if (withTokens && row.attributes) {
        const attrs = JSON.parse(String(row.attributes)) as Record<string, string>;
        for (const a of layout.attributes) builder.setValue(id, a, attrs[a]);
      }
      const member = withTokens ? memberOfParticipant(row.participant_id) : null;
      const background = member === null ? undefined : panel.values.get(member);
      if (background) {
        for (const [key, v] of background) {
          if (Array.isArray(v)) {
            for (const code of v) builder.setValue(id, key, code);
            if (!v.length) builder.markAnswered(id, key);
          } else builder.setValue(id, key, v);
        }
      }
    }
    if (rows.length < page) break;
  }
  const { cube, report } = pauseEvery ? await builder.buildPaced(pause) : builder.build();
  return { cube, report, version };
}
