import { readFileSync } from 'node:fs';
import { buildFormModel, type FormModel } from '../../src/server/services/participate/form-model';
import { parseLss, type ParsedSurvey } from '../../src/server/services/surveys/lss/parse-lss';
import type { SurveyStructure } from '../../src/server/services/surveys/load-structure';
import { LIMESURVEY_FIXTURES } from './fixtures';

/** A parsed .lss as the structure the database would give (ids numbered in file order), without a database. */
export function structureOf(p: ParsedSurvey): SurveyStructure {
  const now = new Date(0);
  const qid = new Map(p.questions.map((q, i) => [q.qid, i + 1]));
  const gid = new Map(p.groups.map((g, i) => [g.gid, i + 1]));
  const rows = p.questions.map((q) => {
    const parent = q.parentQid === null ? null : p.questions.find((x) => x.qid === q.parentQid)!;
    return {
      id: qid.get(q.qid)!, surveyId: 1, groupId: gid.get(parent ? parent.gid : q.gid)!, parentId: parent ? qid.get(parent.qid)! : null,
      lsQid: Number(q.qid) || null, type: q.type, code: q.code, scaleId: q.scaleId, sortOrder: q.sortOrder, mandatory: q.mandatory, other: q.other,
      relevance: q.relevance, validation: q.validation, theme: q.theme, texts: q.texts, helps: q.helps, attributes: q.attributes, createdAt: now, updatedAt: now,
    };
  });
  const answers = p.answers.map((a, i) => ({ id: i + 1, questionId: qid.get(a.qid)!, code: a.code, scaleId: a.scaleId, sortOrder: a.sortOrder, assessmentValue: a.assessmentValue, labels: a.labels, createdAt: now, updatedAt: now }));
  const groups = [...p.groups].sort((a, b) => a.sortOrder - b.sortOrder);
  return {
    groups: groups.map((g) => ({
      id: gid.get(g.gid)!, surveyId: 1, lsGid: Number(g.gid) || null, sortOrder: g.sortOrder, relevance: g.relevance, randomizationGroup: g.randomizationGroup,
      names: g.names, descriptions: g.descriptions, createdAt: now, updatedAt: now,
      questions: rows
        .filter((q) => q.parentId === null && q.groupId === gid.get(g.gid))
        .sort((a, b) => a.sortOrder - b.sortOrder)
        .map((q) => ({
          ...q,
          subquestions: rows.filter((s) => s.parentId === q.id).sort((a, b) => a.sortOrder - b.sortOrder),
          answers: answers.filter((a) => a.questionId === q.id).sort((a, b) => a.scaleId - b.scaleId || a.sortOrder - b.sortOrder),
        })),
    })),
  };
}

export function parsedFixture(name: string): ParsedSurvey {
  return parseLss(readFileSync(`${LIMESURVEY_FIXTURES}${name}`, 'utf8'));
}

/** The form model of a fixture, as the participation pages would build it. */
export function fixtureModel(name: string): { parsed: ParsedSurvey; structure: SurveyStructure; model: FormModel } {
  const parsed = parsedFixture(name);
  const structure = structureOf(parsed);
  const model = buildFormModel(1, structure, { lsSid: parsed.sid, baseLanguage: parsed.baseLanguage, languages: parsed.languages, attributeNames: Object.keys(parsed.attributeDescriptions) });
  return { parsed, structure, model };
}
