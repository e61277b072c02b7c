import type { LangTexts, QuestionAttributes } from '../../../db/schema/surveys';
import { AppError } from '../../../errors';
import { surveysNl } from '../../../../shared/i18n/surveys';
import { QUESTION_TYPES } from '../question-types';
import { conditionsToRelevance } from './conditions';
import { readLimeSurveyXml, type Row, type Tables } from './read-tables';

export interface ParsedGroup { gid: string; sortOrder: number; relevance: string; randomizationGroup: string; names: LangTexts; descriptions: LangTexts }
export interface ParsedQuestion {
  qid: string; parentQid: string | null; gid: string; type: string; code: string; scaleId: number; sortOrder: number;
  mandatory: string; other: boolean; relevance: string; validation: string; theme: string;
  texts: LangTexts; helps: LangTexts; attributes: QuestionAttributes;
}
export interface ParsedAnswer { qid: string; code: string; scaleId: number; sortOrder: number; assessmentValue: number; labels: LangTexts }
export interface ParsedLanguage { language: string; title: string; description: string; welcomeText: string; endText: string; url: string; settings: Record<string, string> }
export interface ParsedSurvey {
  dbVersion: number; layout: 'modern' | 'legacy'; sid: number | null; baseLanguage: string; languages: string[];
  title: string; anonymized: boolean; datestamp: boolean; useTokens: boolean; tokenLength: number; format: string;
  attributeDescriptions: Record<string, string>; settings: Record<string, string>;
  languageSettings: ParsedLanguage[]; groups: ParsedGroup[]; questions: ParsedQuestion[]; answers: ParsedAnswer[];
}

const int = (v: string | undefined, fallback = 0) => (v !== undefined && /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : fallback);
const yes = (v: string | undefined) => v === 'Y';

/**
 * A LimeSurvey .lss file as one normalised structure, for both layouts: LimeSurvey 4+ (`*_l10ns`
 * tables, one row per object) and 1.9–3.x (text columns, one row per object *and language*).
 * Every cross-reference is checked, so the importer never writes half a survey.
 */
export function parseLss(xml: string): ParsedSurvey {
  const { dbVersion, languages: docLanguages, tables } = readLimeSurveyXml(xml, 'Survey');
  // LimeSurvey leaves empty tables out: no <groups> or <questions> is an empty survey, not damage.
  if (!tables.surveys) throw new AppError('VALIDATION', surveysNl.import.missingTable('surveys'));
  tables.groups ??= [];
  tables.questions ??= [];
  const surveyRow = tables.surveys[0];
  if (!surveyRow) throw new AppError('VALIDATION', surveysNl.import.noSurveyRow);
  const baseLanguage = (surveyRow.language ?? '').trim() || docLanguages[0] || '';
  if (!baseLanguage) throw new AppError('VALIDATION', surveysNl.import.noLanguage);
  const extra = (surveyRow.additional_languages ?? '').split(/\s+/).filter(Boolean);
  const languages = [...new Set([baseLanguage, ...extra, ...docLanguages])];
  const legacy = !tables.question_l10ns && (tables.questions!.some((r) => 'language' in r) || tables.groups!.some((r) => 'language' in r));

  const groups = legacy ? legacyGroups(tables) : modernGroups(tables);
  const questions = legacy ? legacyQuestions(tables) : modernQuestions(tables);
  const answers = legacy ? legacyAnswers(tables) : modernAnswers(tables);
  attachAttributes(questions, tables.question_attributes ?? []);
  // Files from before LimeSurvey 1.92 route with `conditions` only: keep them as relevance.
  for (const [qid, relevance] of conditionsToRelevance(tables.conditions ?? [], (qid) => questions.find((x) => x.qid === qid)?.type)) {
    const q = questions.find((x) => x.qid === qid);
    if (q && /^\s*1?\s*$/.test(q.relevance)) q.relevance = relevance;
  }
  check(groups, questions, answers);

  const languageSettings = (tables.surveys_languagesettings ?? []).map((r): ParsedLanguage => {
    const { surveyls_language, surveyls_title, surveyls_description, surveyls_welcometext, surveyls_endtext, surveyls_url, ...rest } = r;
    return {
      language: (surveyls_language ?? '').trim(), title: surveyls_title ?? '', description: surveyls_description ?? '',
      welcomeText: surveyls_welcometext ?? '', endText: surveyls_endtext ?? '', url: surveyls_url ?? '', settings: rest,
    };
  });
  const { sid, language: _l, additional_languages: _a, anonymized, datestamp, usetokens, tokenlength, format, attributedescriptions, ...settings } = surveyRow;
  const title = languageSettings.find((l) => l.language === baseLanguage)?.title || languageSettings[0]?.title || `LimeSurvey ${sid ?? ''}`.trim();
  return {
    dbVersion, layout: legacy ? 'legacy' : 'modern', sid: sid ? int(sid) : null, baseLanguage, languages, title,
    anonymized: yes(anonymized), datestamp: yes(datestamp), useTokens: yes(usetokens), tokenLength: int(tokenlength, 15) || 15,
    format: format && format !== 'I' ? format : 'G', attributeDescriptions: parseAttributeDescriptions(attributedescriptions ?? ''),
    settings, languageSettings, groups, questions, answers,
  };
}

function modernGroups(t: Tables): ParsedGroup[] {
  const byGid = new Map<string, ParsedGroup>();
  for (const r of t.groups!) {
    byGid.set(r.gid!, { gid: r.gid!, sortOrder: int(r.group_order), relevance: r.grelevance ?? '', randomizationGroup: r.randomization_group ?? '', names: {}, descriptions: {} });
  }
  for (const r of t.group_l10ns ?? []) {
    const g = byGid.get(r.gid ?? '');
    if (!g || !r.language) continue;
    g.names[r.language] = r.group_name ?? '';
    g.descriptions[r.language] = r.description ?? '';
  }
  return [...byGid.values()];
}

function legacyGroups(t: Tables): ParsedGroup[] {
  const byGid = new Map<string, ParsedGroup>();
  for (const r of t.groups!) {
    let g = byGid.get(r.gid!);
    if (!g) byGid.set(r.gid!, (g = { gid: r.gid!, sortOrder: int(r.group_order), relevance: r.grelevance ?? '', randomizationGroup: r.randomization_group ?? '', names: {}, descriptions: {} }));
    if (r.language) {
      g.names[r.language] = r.group_name ?? '';
      g.descriptions[r.language] = r.description ?? '';
    }
  }
  return [...byGid.values()];
}

function questionFrom(r: Row): ParsedQuestion {
  const parent = r.parent_qid && r.parent_qid !== '0' ? r.parent_qid : null;
  return {
    qid: r.qid!, parentQid: parent, gid: r.gid ?? '', type: r.type ?? '', code: r.title ?? '', scaleId: int(r.scale_id),
    sortOrder: int(r.question_order), mandatory: r.mandatory || 'N', other: yes(r.other), relevance: r.relevance ?? '',
    validation: r.preg ?? '', theme: r.question_theme_name ?? '', texts: {}, helps: {}, attributes: {},
  };
}

function modernQuestions(t: Tables): ParsedQuestion[] {
  const byQid = new Map<string, ParsedQuestion>();
  for (const r of [...t.questions!, ...(t.subquestions ?? [])]) byQid.set(r.qid!, questionFrom(r));
  for (const r of t.question_l10ns ?? []) {
    const q = byQid.get(r.qid ?? '');
    if (!q || !r.language) continue;
    q.texts[r.language] = r.question ?? '';
    q.helps[r.language] = r.help ?? '';
  }
  return [...byQid.values()];
}

function legacyQuestions(t: Tables): ParsedQuestion[] {
  const byQid = new Map<string, ParsedQuestion>();
  for (const r of [...t.questions!, ...(t.subquestions ?? [])]) {
    let q = byQid.get(r.qid!);
    if (!q) byQid.set(r.qid!, (q = questionFrom(r)));
    if (r.language) {
      q.texts[r.language] = r.question ?? '';
      q.helps[r.language] = r.help ?? '';
    }
  }
  return [...byQid.values()];
}

function answerFrom(r: Row): ParsedAnswer {
  return { qid: r.qid ?? '', code: r.code ?? '', scaleId: int(r.scale_id), sortOrder: int(r.sortorder), assessmentValue: int(r.assessment_value), labels: {} };
}

function modernAnswers(t: Tables): ParsedAnswer[] {
  const byAid = new Map<string, ParsedAnswer>();
  for (const r of t.answers ?? []) byAid.set(r.aid ?? `${r.qid}|${r.scale_id}|${r.code}`, answerFrom(r));
  for (const r of t.answer_l10ns ?? []) {
    const a = byAid.get(r.aid ?? '');
    if (a && r.language) a.labels[r.language] = r.answer ?? '';
  }
  // Some 4.x exports still carry the text inline.
  for (const r of t.answers ?? []) {
    if (r.language && r.answer !== undefined) byAid.get(r.aid ?? `${r.qid}|${r.scale_id}|${r.code}`)!.labels[r.language] = r.answer;
  }
  return [...byAid.values()];
}

function legacyAnswers(t: Tables): ParsedAnswer[] {
  const byKey = new Map<string, ParsedAnswer>();
  for (const r of t.answers ?? []) {
    const key = `${r.qid}|${int(r.scale_id)}|${r.code}`;
    let a = byKey.get(key);
    if (!a) byKey.set(key, (a = answerFrom(r)));
    if (r.language) a.labels[r.language] = r.answer ?? '';
  }
  return [...byKey.values()];
}

function attachAttributes(questions: ParsedQuestion[], rows: Row[]) {
  const byQid = new Map(questions.map((q) => [q.qid, q]));
  for (const r of rows) {
    const q = byQid.get(r.qid ?? '');
    if (!q || !r.attribute) continue;
    const value = r.value ?? '';
    if (!r.language) q.attributes[r.attribute] = value;
    else {
      const current = q.attributes[r.attribute];
      const perLang = typeof current === 'object' ? current : {};
      perLang[r.language] = value;
      q.attributes[r.attribute] = perLang;
    }
  }
}

function check(groups: ParsedGroup[], questions: ParsedQuestion[], answers: ParsedAnswer[]) {
  const gids = new Set(groups.map((g) => g.gid));
  const qids = new Map(questions.map((q) => [q.qid, q]));
  for (const q of questions) {
    if (!QUESTION_TYPES[q.type]) throw new AppError('VALIDATION', surveysNl.import.unknownType(q.code, q.type));
    if (q.parentQid === null && !gids.has(q.gid)) throw new AppError('VALIDATION', surveysNl.import.unknownGroup(q.code, q.gid));
    if (q.parentQid !== null && !qids.has(q.parentQid)) throw new AppError('VALIDATION', surveysNl.import.unknownParent(q.code, q.parentQid));
  }
  for (const a of answers) if (!qids.has(a.qid)) throw new AppError('VALIDATION', surveysNl.import.unknownAnswerQuestion(a.code, a.qid));
}

function parseAttributeDescriptions(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  const trimmed = raw.trim();
  if (!trimmed) return out;
  if (trimmed.startsWith('{')) {
    try {
      const parsed = JSON.parse(trimmed) as Record<string, { description?: string } | string>;
      for (const [k, v] of Object.entries(parsed)) out[k] = typeof v === 'string' ? v : (v?.description ?? '');
      return out;
    } catch {
      return out;
    }
  }
  for (const line of trimmed.split(/\r?\n/)) {
    const eq = line.indexOf('=');
    if (eq > 0) out[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
  }
  return out;
}
