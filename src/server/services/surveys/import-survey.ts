import { and, eq, isNull, max } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { auditLog, companies, projects, projectSurveys, surveyAnswers, surveyGroups, surveyLanguages, surveyQuestions, surveys } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { surveysNl } from '../../../shared/i18n/surveys';
import { visibleProjects } from '../projects/scope';
import { parseLss, type ParsedSurvey } from './lss/parse-lss';
import { structureHash } from './lss/parsed-structure';
import { displayTitle } from './present';
import { chunks, requireSurveyRole, type Tx } from './scope';
import { expressionWarnings } from '../participate/fieldwork';
import { auditValues } from '../audit/audit-row';

export interface ImportSurveyInput {
  xml: string;
  projectId?: number;
  /** Root users may import for another company; everyone else imports into their own. */
  companyId?: number;
  /** The user saw that the company already has a survey with this structure and imports anyway. */
  confirmDuplicate?: boolean;
}

/**
 * Which company an import goes to: the project's when linked to one (visible to the user), else
 * the chosen one for a root user, else the user's own. 404 for a project or company out of reach.
 */
export async function importCompany(ctx: UserServiceContext, input: { projectId?: number; companyId?: number }): Promise<number> {
  if (input.projectId !== undefined) {
    const [project] = await ctx.db.select({ companyId: projects.companyId }).from(projects).where(and(eq(projects.id, input.projectId), visibleProjects(ctx.user)));
    if (!project) throw new AppError('NOT_FOUND', nl.notFound);
    return project.companyId;
  }
  if (ctx.user.isRoot && input.companyId) {
    const [company] = await ctx.db.select({ id: companies.id }).from(companies).where(and(eq(companies.id, input.companyId), isNull(companies.deletedAt)));
    if (!company) throw new AppError('NOT_FOUND', nl.notFound);
    return company.id;
  }
  if (ctx.user.companyId === null) throw new AppError('VALIDATION', surveysNl.import.chooseCompany, { company_id: [surveysNl.import.chooseCompany] });
  return ctx.user.companyId;
}

/**
 * 409 when the company already has a survey with exactly this structure and the user hasn't
 * confirmed: a second copy splits responses and reports, so the portal asks first.
 */
export async function refuseUnconfirmedDuplicate(ctx: UserServiceContext, companyId: number, hash: string, confirmed: boolean | undefined) {
  if (confirmed) return;
  const [same] = await ctx.db
    .select({ id: surveys.id, title: surveys.title, lsSid: surveys.lsSid })
    .from(surveys)
    .where(and(eq(surveys.companyId, companyId), eq(surveys.structureHash, hash), isNull(surveys.deletedAt)))
    .limit(1);
  if (same) throw new AppError('CONFLICT', surveysNl.import.duplicate(displayTitle(same)), { duplicate_of: [String(same.id)] });
}

/**
 * Imports a LimeSurvey .lss structure as a new survey of the company (and optionally links it to
 * a project). Parsed and checked completely first, then written in one transaction.
 */
export async function importSurvey(ctx: UserServiceContext, input: ImportSurveyInput) {
  requireSurveyRole(ctx.user, 'survey.edit');
  const parsed = parseLss(input.xml);
  const companyId = await importCompany(ctx, input);
  const hash = await structureHash(parsed);
  await refuseUnconfirmedDuplicate(ctx, companyId, hash, input.confirmDuplicate);
  const surveyId = await ctx.db.transaction(
    async (tx) => {
      const id = await writeSurvey(tx, parsed, { companyId, projectId: input.projectId, ownerId: ctx.user.id, hash });
      await tx.insert(auditLog).values(auditValues(ctx, { action: 'survey.import', resource: 'survey', resourceId: id, companyId, summary: structureImportSummary('Structuur geïmporteerd (.lss)', parsed, id) }));
      return id;
    },
    { behavior: 'immediate' } as never,
  );
  // Conditions the form can't evaluate are reported now, in Dutch, never silently true or false.
  return { id: surveyId, ...countParsed(parsed), warnings: await expressionWarnings(ctx.db, surveyId) };
}

/** The audit trail's line of a structure import (file, archive or LimeSurvey). */
export function structureImportSummary(how: string, p: ParsedSurvey, surveyId: number) {
  const n = countParsed(p);
  return `${how}: ${p.title || 'vragenlijst'} (${surveyId}${p.sid ? `, LimeSurvey ${p.sid}` : ''}), ${n.groups} groepen, ${n.questions} vragen`;
}

export function countParsed(p: ParsedSurvey) {
  return {
    languages: p.languages,
    groups: p.groups.length,
    questions: p.questions.filter((q) => q.parentQid === null).length,
    subquestions: p.questions.filter((q) => q.parentQid !== null).length,
    answers: p.answers.length,
  };
}

export async function writeSurvey(tx: Tx, p: ParsedSurvey, target: { companyId: number; projectId?: number; ownerId: number | null; hash: string }): Promise<number> {
  const { companyId, projectId } = target;
  const [survey] = await tx
    .insert(surveys)
    .values({
      companyId, lsSid: p.sid, title: p.title, baseLanguage: p.baseLanguage, anonymized: p.anonymized, datestamp: p.datestamp,
      useTokens: p.useTokens, tokenLength: p.tokenLength, format: p.format, attributeDescriptions: p.attributeDescriptions, settings: p.settings,
      ownerId: target.ownerId, structureHash: target.hash,
    })
    .returning({ id: surveys.id });
  const surveyId = survey!.id;
  if (projectId !== undefined) await tx.insert(projectSurveys).values({ projectId, surveyId });
  const languageRows = p.languages.map((language) => {
    const s = p.languageSettings.find((l) => l.language === language);
    return { surveyId, language, title: s?.title ?? '', description: s?.description ?? '', welcomeText: s?.welcomeText ?? '', endText: s?.endText ?? '', url: s?.url ?? '', settings: s?.settings ?? {} };
  });
  await tx.insert(surveyLanguages).values(languageRows);

  // Explicit ids (max + n) inside the write transaction, so parents can be referenced before insert.
  const nextId = async (col: typeof surveyGroups.id | typeof surveyQuestions.id | typeof surveyAnswers.id, table: typeof surveyGroups | typeof surveyQuestions | typeof surveyAnswers) => {
    const [row] = await tx.select({ m: max(col) }).from(table);
    return (row?.m ?? 0) + 1;
  };
  let gid = await nextId(surveyGroups.id, surveyGroups);
  const groupIds = new Map<string, number>();
  const groupRows = p.groups.map((g) => {
    groupIds.set(g.gid, gid);
    return { id: gid++, surveyId, lsGid: Number(g.gid) || null, sortOrder: g.sortOrder, relevance: g.relevance, randomizationGroup: g.randomizationGroup, names: g.names, descriptions: g.descriptions };
  });
  for (const part of chunks(groupRows, 300)) await tx.insert(surveyGroups).values(part);

  let qid = await nextId(surveyQuestions.id, surveyQuestions);
  const questionIds = new Map<string, number>();
  for (const q of p.questions) questionIds.set(q.qid, qid++);
  const parentsFirst = [...p.questions].sort((a, b) => Number(a.parentQid !== null) - Number(b.parentQid !== null));
  const byQid = new Map(p.questions.map((q) => [q.qid, q]));
  const questionRows = parentsFirst.map((q) => {
    const parent = q.parentQid === null ? null : byQid.get(q.parentQid)!;
    return {
      id: questionIds.get(q.qid)!, surveyId, groupId: groupIds.get(parent ? parent.gid : q.gid)!, parentId: parent ? questionIds.get(parent.qid)! : null,
      lsQid: Number(q.qid) || null, type: q.type, code: q.code, scaleId: q.scaleId, sortOrder: q.sortOrder, mandatory: q.mandatory, other: q.other,
      relevance: q.relevance, validation: q.validation, theme: q.theme, texts: q.texts, helps: q.helps, attributes: q.attributes,
    };
  });
  for (const part of chunks(questionRows, 150)) await tx.insert(surveyQuestions).values(part);

  const answerRows = p.answers.map((a) => ({ questionId: questionIds.get(a.qid)!, code: a.code, scaleId: a.scaleId, sortOrder: a.sortOrder, assessmentValue: a.assessmentValue, labels: a.labels }));
  for (const part of chunks(answerRows, 300)) await tx.insert(surveyAnswers).values(part).onConflictDoNothing();
  return surveyId;
}
