import type { InStatement, Row } from '@libsql/client';
import type { Db } from '../../db/client';
import { rawClient } from '../surveys/scope';
import { fieldworkOf, fieldworkState, localStamp, normalizeStamp, type Fieldwork, type FieldworkState } from './fieldwork-state';
import type { Answers } from './page-flow';
import type { Credential } from '../../auth/respondent-cookie';
import { MIN_N_FLOOR } from '../../../shared/validation/reports';

export interface LanguageTexts { title: string; welcome: string; end: string; description: string }

export interface ParticipationSurvey {
  id: number;
  companyId: number;
  lsSid: number | null;
  title: string;
  baseLanguage: string;
  languages: string[];
  texts: Record<string, LanguageTexts>;
  anonymized: boolean;
  datestamp: boolean;
  useTokens: boolean;
  attributeDescriptions: Record<string, string>;
  updatedAt: number;
  fieldwork: Fieldwork;
  state: FieldworkState;
  /**
   * The small-group threshold the respondent pages state: the smallest min_n (never below the
   * floor) of the survey's reports that are neither deleted nor archived, since every one of them
   * shows groups from that size on; null when no report uses the survey yet.
   */
  minN: number | null;
}

export interface RespondentToken {
  id: number;
  token: string;
  firstname: string;
  lastname: string;
  email: string;
  language: string | null;
  completed: string;
  usesLeft: number;
  blacklisted: string;
  validFrom: string | null;
  validUntil: string | null;
  attributes: Record<string, string>;
}

export interface Participation {
  id: number;
  page: number;
  language: string;
  responseId: number | null;
  answers: Answers;
  startDate: string | null;
}

const SURVEY_SQL = `select s.id, s.company_id, s.ls_sid, s.title, s.base_language, s.anonymized, s.datestamp, s.use_tokens, s.attribute_descriptions, s.settings, s.updated_at,
  f.status as fw_status, f.starts_at as fw_starts, f.ends_at as fw_ends,
  (select json_group_object(l.language, json_object('title', l.title, 'welcome', l.welcome_text, 'end', l.end_text, 'description', l.description)) from survey_languages l where l.survey_id = s.id) as texts,
  (select min(max(r.min_n, ${MIN_N_FLOOR})) from reports r where r.deleted_at is null and r.archived_at is null and r.id in (
    select sec.report_id from report_data_locations d join report_charts c on c.id = d.chart_id join report_sections sec on sec.id = c.section_id where d.survey_id = s.id)) as report_min_n
  from surveys s left join survey_fieldwork f on f.survey_id = s.id where s.id = ? and s.deleted_at is null`;

const TOKEN_SQL = `select id, token, firstname, lastname, email, language, completed, uses_left, blacklisted, valid_from, valid_until, attributes from survey_tokens where survey_id = ? and token = ?`;

const PARTICIPATION_SQL = `select p.id, p.page, p.language, r.id as response_id, r.answers, r.start_date from survey_participations p
  left join survey_responses r on r.survey_id = p.survey_id and r.external_key = 'web:p' || p.id
  where p.survey_id = ? and `;

export const surveyStatement = (surveyId: number, companyId?: number): InStatement => ({
  sql: companyId === undefined ? SURVEY_SQL : `${SURVEY_SQL} and s.company_id = ?`,
  args: companyId === undefined ? [surveyId] : [surveyId, companyId],
});

export function credentialStatements(surveyId: number, cred: Credential | null): InStatement[] {
  if (!cred) return [];
  if (cred.kind === 'token') {
    return [
      { sql: TOKEN_SQL, args: [surveyId, cred.token] },
      { sql: `${PARTICIPATION_SQL} p.token_id = (select id from survey_tokens where survey_id = ? and token = ?)`, args: [surveyId, surveyId, cred.token] },
    ];
  }
  return [{ sql: `${PARTICIPATION_SQL} p.key_hash = ?`, args: [surveyId, cred.hash] }];
}

const json = <T>(v: unknown, fallback: T): T => {
  if (typeof v !== 'string' || !v) return fallback;
  try {
    return JSON.parse(v) as T;
  } catch {
    return fallback;
  }
};

export function readSurvey(row: Row | undefined, now: Date): ParticipationSurvey | null {
  if (!row) return null;
  const texts = json<Record<string, LanguageTexts>>(row.texts, {});
  const base = String(row.base_language);
  const languages = [base, ...Object.keys(texts).filter((l) => l !== base).sort()];
  const fieldwork = fieldworkOf({ status: row.fw_status as string | null, startsAt: row.fw_starts as string | null, endsAt: row.fw_ends as string | null }, json(row.settings, {}));
  return {
    id: Number(row.id), companyId: Number(row.company_id), lsSid: row.ls_sid === null ? null : Number(row.ls_sid), title: String(row.title),
    baseLanguage: base, languages, texts, anonymized: Boolean(row.anonymized), datestamp: Boolean(row.datestamp), useTokens: Boolean(row.use_tokens),
    attributeDescriptions: json(row.attribute_descriptions, {}), updatedAt: Number(row.updated_at), fieldwork, state: fieldworkState(fieldwork, now),
    minN: row.report_min_n == null ? null : Number(row.report_min_n),
  };
}

export function readToken(row: Row | undefined): RespondentToken | null {
  if (!row) return null;
  return {
    id: Number(row.id), token: String(row.token), firstname: String(row.firstname ?? ''), lastname: String(row.lastname ?? ''), email: String(row.email ?? ''),
    language: (row.language as string | null) || null, completed: String(row.completed), usesLeft: Number(row.uses_left), blacklisted: String(row.blacklisted ?? 'N'),
    validFrom: row.valid_from as string | null, validUntil: row.valid_until as string | null, attributes: json(row.attributes, {}),
  };
}

export function readParticipation(row: Row | undefined): Participation | null {
  if (!row) return null;
  return {
    id: Number(row.id), page: Number(row.page), language: String(row.language), responseId: row.response_id === null ? null : Number(row.response_id),
    answers: json<Answers>(row.answers, {}), startDate: (row.start_date as string | null) ?? null,
  };
}

/** May this token start or continue now? Unknown, completed, used up, blocked and out-of-window all answer no, alike. */
export function tokenUsable(t: RespondentToken | null, now: Date): t is RespondentToken {
  if (!t || t.completed !== 'N' || t.usesLeft < 1 || t.blacklisted === 'Y') return false;
  const stamp = localStamp(now);
  const from = normalizeStamp(t.validFrom);
  const until = normalizeStamp(t.validUntil);
  return !(from && stamp < from) && !(until && stamp > until);
}

/** TOKEN:… values a condition may read (none in an anonymous survey). */
export function tokenValues(t: RespondentToken | null, anonymized: boolean): Record<string, string> {
  if (!t || anonymized) return {};
  const out: Record<string, string> = { 'TOKEN:FIRSTNAME': t.firstname, 'TOKEN:LASTNAME': t.lastname, 'TOKEN:EMAIL': t.email, 'TOKEN:LANGUAGE': t.language ?? '', 'TOKEN:TOKEN': t.token };
  for (const [k, v] of Object.entries(t.attributes)) out[`TOKEN:${k.toUpperCase()}`] = String(v ?? '');
  return out;
}

export interface RespondentState {
  survey: ParticipationSurvey | null;
  token: RespondentToken | null;
  participation: Participation | null;
}

/**
 * Everything a participation page needs, in one round trip: the survey with its texts and
 * fieldwork, the token, the participation and its response. `extra` reads (throttle counters)
 * ride along in the same batch; their rows come back in `extraRows`. A read batch: it never
 * waits for the write lock.
 */
export async function loadRespondent(db: Db, surveyId: number, cred: Credential | null, now: Date, extra: InStatement[] = []): Promise<RespondentState & { extraRows: Row[][] }> {
  const statements = [...extra, surveyStatement(surveyId), ...credentialStatements(surveyId, cred)];
  const results = await rawClient(db).batch(statements, 'read');
  const rows = results.map((r) => r.rows);
  const own = rows.slice(extra.length);
  return {
    extraRows: rows.slice(0, extra.length),
    survey: readSurvey(own[0]?.[0], now),
    token: cred?.kind === 'token' ? readToken(own[1]?.[0]) : null,
    participation: readParticipation(cred?.kind === 'token' ? own[2]?.[0] : own[1]?.[0]),
  };
}
