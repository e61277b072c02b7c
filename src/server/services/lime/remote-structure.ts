import type { LangTexts, QuestionAttributes } from '../../db/schema/surveys';
import { AppError } from '../../errors';
import { surveysNl } from '../../../shared/i18n/surveys';
import type { ParsedAnswer, ParsedGroup, ParsedQuestion, ParsedSurvey } from '../surveys/lss/parse-lss';
import { QUESTION_TYPES } from '../surveys/question-types';
import { LimeFailure, type LimeSession } from './rpc';

type Row = Record<string, string | number | null | undefined>;
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const int = (v: unknown, fallback = 0) => (/^-?\d+$/.test(str(v).trim()) ? Number(str(v).trim()) : fallback);
const NONE = /no (available|questions|groups|answer|attributes)|found/i;

/**
 * A survey's structure through RemoteControl 2, as the .lss importer's ParsedSurvey:
 * get_survey_properties (languages, anonymized, datestamp, tokens), then per language
 * list_groups and list_questions (subquestions included: parent_qid ≠ 0) and, per question with
 * answer options, get_question_properties 'answeroptions' (and 'attributes' in the base
 * language). The ids stay LimeSurvey's, so SGQA names of its exports match.
 */
export async function remoteStructure(s: LimeSession, sid: number, title: string): Promise<ParsedSurvey> {
  const props = (await s.call<Row>('get_survey_properties', [sid, ['language', 'additional_languages', 'anonymized', 'datestamp', 'usetokens', 'tokenlength', 'format', 'attributedescriptions']])) ?? {};
  const base = str(props.language).trim();
  if (!base) throw new LimeFailure('get_survey_properties: no base language');
  const languages = [...new Set([base, ...str(props.additional_languages).split(/\s+/).filter(Boolean)])];
  const groups = new Map<string, ParsedGroup>();
  const questions = new Map<string, ParsedQuestion>();
  const answers = new Map<string, ParsedAnswer>();
  for (const lang of languages) {
    for (const g of (await s.call<Row[]>('list_groups', [sid, lang], NONE)) ?? []) {
      const gid = str(g.gid);
      const group = groups.get(gid) ?? { gid, sortOrder: int(g.group_order), relevance: str(g.grelevance), randomizationGroup: str(g.randomization_group), names: {} as LangTexts, descriptions: {} as LangTexts };
      group.names[lang] = str(g.group_name);
      group.descriptions[lang] = str(g.description);
      groups.set(gid, group);
    }
    for (const q of (await s.call<Row[]>('list_questions', [sid, null, lang], NONE)) ?? []) {
      const qid = str(q.qid);
      const parent = str(q.parent_qid);
      const question = questions.get(qid) ?? {
        qid, parentQid: parent && parent !== '0' ? parent : null, gid: str(q.gid), type: str(q.type), code: str(q.title), scaleId: int(q.scale_id), sortOrder: int(q.question_order),
        mandatory: str(q.mandatory) || 'N', other: str(q.other) === 'Y', relevance: str(q.relevance), validation: str(q.preg), theme: str(q.question_theme_name),
        texts: {} as LangTexts, helps: {} as LangTexts, attributes: {} as QuestionAttributes,
      };
      question.texts[lang] = str(q.question);
      question.helps[lang] = str(q.help);
      questions.set(qid, question);
    }
  }
  for (const q of questions.values()) {
    if (q.parentQid !== null) continue;
    if (!QUESTION_TYPES[q.type]) throw new AppError('VALIDATION', surveysNl.import.unknownType(q.code, q.type));
    for (const lang of languages) {
      const settings = lang === base ? ['answeroptions', 'attributes'] : ['answeroptions'];
      const p = (await s.call<{ answeroptions?: unknown; attributes?: unknown }>('get_question_properties', [Number(q.qid), settings, lang], NONE)) ?? {};
      if (p.answeroptions && typeof p.answeroptions === 'object') {
        for (const [code, a] of Object.entries(p.answeroptions as Record<string, Row>)) {
          const key = `${q.qid}|${int(a.scale_id)}|${code}`;
          const answer = answers.get(key) ?? { qid: q.qid, code, scaleId: int(a.scale_id), sortOrder: int(a.order ?? a.sortorder), assessmentValue: int(a.assessment_value), labels: {} as LangTexts };
          answer.labels[lang] = str(a.answer);
          answers.set(key, answer);
        }
      }
      if (p.attributes && typeof p.attributes === 'object') for (const [k, v] of Object.entries(p.attributes as Row)) q.attributes[k] = str(v);
    }
  }
  return {
    dbVersion: 0, layout: 'modern', sid, baseLanguage: base, languages, title,
    anonymized: str(props.anonymized) === 'Y', datestamp: str(props.datestamp) === 'Y', useTokens: str(props.usetokens) === 'Y', tokenLength: int(props.tokenlength, 15) || 15,
    format: ['G', 'S', 'A'].includes(str(props.format)) ? str(props.format) : 'G', attributeDescriptions: {}, settings: {},
    languageSettings: languages.map((language) => ({ language, title: language === base ? title : '', description: '', welcomeText: '', endText: '', url: '', settings: {} })),
    groups: [...groups.values()], questions: [...questions.values()], answers: [...answers.values()],
  };
}
