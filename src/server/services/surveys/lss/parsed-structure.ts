import type { SurveyStructure } from '../load-structure';
import type { ParsedSurvey } from './parse-lss';

/**
 * A parsed .lss as the SurveyStructure the column map reads (ids are LimeSurvey's own, prefixed
 * negative so they can't be mistaken for stored rows): lets an archive's responses header be
 * checked against its structure before anything is written.
 */
export function structureFromParsed(p: ParsedSurvey): SurveyStructure {
  const stamp = new Date(0);
  const id = (ls: string) => -(Number(ls) || 0);
  const questionsOf = (gid: string) =>
    p.questions
      .filter((q) => q.parentQid === null && q.gid === gid)
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map((q) => ({
        id: id(q.qid), surveyId: 0, groupId: id(gid), parentId: null, lsQid: Number(q.qid) || null, type: q.type, code: q.code, scaleId: q.scaleId,
        sortOrder: q.sortOrder, mandatory: q.mandatory, other: q.other, relevance: q.relevance, validation: q.validation, theme: q.theme,
        texts: q.texts, helps: q.helps, attributes: q.attributes, createdAt: stamp, updatedAt: stamp,
        subquestions: p.questions
          .filter((s) => s.parentQid === q.qid)
          .sort((a, b) => a.sortOrder - b.sortOrder)
          .map((s) => ({
            id: id(s.qid), surveyId: 0, groupId: id(gid), parentId: id(q.qid), lsQid: Number(s.qid) || null, type: s.type, code: s.code, scaleId: s.scaleId,
            sortOrder: s.sortOrder, mandatory: s.mandatory, other: s.other, relevance: s.relevance, validation: s.validation, theme: s.theme,
            texts: s.texts, helps: s.helps, attributes: s.attributes, createdAt: stamp, updatedAt: stamp,
          })),
        answers: p.answers
          .filter((a) => a.qid === q.qid)
          .sort((a, b) => a.scaleId - b.scaleId || a.sortOrder - b.sortOrder)
          .map((a, i) => ({ id: -(i + 1), questionId: id(q.qid), code: a.code, scaleId: a.scaleId, sortOrder: a.sortOrder, assessmentValue: a.assessmentValue, labels: a.labels, createdAt: stamp, updatedAt: stamp })),
      }));
  return {
    groups: [...p.groups]
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map((g) => ({
        id: id(g.gid), surveyId: 0, lsGid: Number(g.gid) || null, sortOrder: g.sortOrder, relevance: g.relevance, randomizationGroup: g.randomizationGroup,
        names: g.names, descriptions: g.descriptions, createdAt: stamp, updatedAt: stamp, questions: questionsOf(g.gid),
      })),
  };
}

/** Sorted-key JSON, so equal structures give equal text whatever the order of object keys. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Fingerprint of a survey's structure, independent of LimeSurvey's ids (so the same survey
 * exported from another installation matches): languages, titles, groups, questions with their
 * texts, subquestions and attributes, answer options. Equal fingerprints = identical structure.
 */
export async function structureHash(p: ParsedSurvey): Promise<string> {
  const codeOf = new Map(p.questions.map((q) => [q.qid, q.code]));
  const groupIndex = new Map([...p.groups].sort((a, b) => a.sortOrder - b.sortOrder).map((g, i) => [g.gid, i]));
  const shape = {
    languages: p.languages,
    baseLanguage: p.baseLanguage,
    titles: Object.fromEntries(p.languageSettings.map((l) => [l.language, l.title])),
    groups: [...p.groups].sort((a, b) => a.sortOrder - b.sortOrder).map((g) => ({ o: g.sortOrder, n: g.names, d: g.descriptions, r: g.relevance })),
    questions: p.questions
      .map((q) => ({
        g: groupIndex.get(q.gid) ?? null, p: q.parentQid === null ? null : (codeOf.get(q.parentQid) ?? null), c: q.code, t: q.type, s: q.scaleId, o: q.sortOrder,
        x: q.texts, h: q.helps, m: q.mandatory, other: q.other, r: q.relevance, v: q.validation, a: q.attributes,
      }))
      .map(canonical)
      .sort(),
    answers: p.answers.map((a) => canonical({ q: codeOf.get(a.qid) ?? null, c: a.code, s: a.scaleId, o: a.sortOrder, v: a.assessmentValue, l: a.labels })).sort(),
  };
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical(shape)));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
