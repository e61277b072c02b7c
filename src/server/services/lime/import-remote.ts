import { and, eq, isNull } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { auditLog, limeSurveyLinks, surveys } from '../../db/schema';
import { AppError } from '../../errors';
import { surveysNl } from '../../../shared/i18n/surveys';
import { countParsed, refuseUnconfirmedDuplicate, structureImportSummary, writeSurvey } from '../surveys/import-survey';
import { auditValues } from '../audit/audit-row';
import { structureHash } from '../surveys/lss/parsed-structure';
import { connectionCompany, limeCaller, openConnection } from './connection';
import { requireConnection } from './remote-surveys';
import { remoteStructure } from './remote-structure';
import { portalUserFor } from './remote-users';
import { LimeSession } from './rpc';
import { LIME_SYNC_JOB } from './sync-kind';

/**
 * POST survey/lime/import { sid }: the LimeSurvey survey's structure becomes a portal survey of
 * the company, linked to it for response synchronisation (schedule on), and a first sync is
 * started. A survey already linked is refused; an identical structure is asked about first. Its
 * owner is the portal user coupled to the LimeSurvey owner (`owner_id`), else the importer.
 */
export async function importRemoteSurvey(ctx: UserServiceContext, input: { sid: number; confirm_duplicate?: boolean }) {
  const companyId = connectionCompany(ctx);
  const conn = requireConnection(await openConnection(ctx.db, ctx.config.totpEncryptionKey, { companyId }));
  const [linked] = await ctx.db
    .select({ id: surveys.id })
    .from(limeSurveyLinks)
    .innerJoin(surveys, eq(surveys.id, limeSurveyLinks.surveyId))
    .where(and(eq(limeSurveyLinks.connectionId, conn.id), eq(limeSurveyLinks.lsSid, input.sid), isNull(surveys.deletedAt)));
  if (linked) throw new AppError('CONFLICT', surveysNl.lime.alreadyLinked);
  const { parsed, limeOwner } = await LimeSession.with(conn, limeCaller(ctx, companyId, 'lime.import'), async (s) => {
    const list = (await s.call<{ sid: string | number; surveyls_title: string }[]>('list_surveys', [null], /no surveys found/i)) ?? [];
    const found = list.find((x) => Number(x.sid) === input.sid);
    if (!found) throw new AppError('NOT_FOUND', surveysNl.lime.unknownSurvey(input.sid));
    const owner = await s.call<{ owner_id?: string | number | null }>('get_survey_properties', [input.sid, ['owner_id']]);
    return { parsed: await remoteStructure(s, input.sid, found.surveyls_title), limeOwner: Number(owner?.owner_id) || null };
  });
  // The survey's owner: the portal user coupled to its LimeSurvey owner, else the importer.
  const ownerId = (await portalUserFor(ctx.db, companyId, limeOwner)) ?? ctx.user.id;
  const hash = await structureHash(parsed);
  await refuseUnconfirmedDuplicate(ctx, companyId, hash, input.confirm_duplicate);
  const surveyId = await ctx.db.transaction(
    async (tx) => {
      const id = await writeSurvey(tx, parsed, { companyId, ownerId, hash });
      await tx.insert(limeSurveyLinks).values({ surveyId: id, connectionId: conn.id, lsSid: input.sid });
      await tx.insert(auditLog).values(auditValues(ctx, { action: 'survey.import', resource: 'survey', resourceId: id, companyId, summary: structureImportSummary('Structuur geïmporteerd uit LimeSurvey', parsed, id) }));
      return id;
    },
    { behavior: 'immediate' } as never,
  );
  const job = ctx.jobs ? await ctx.jobs.enqueue(LIME_SYNC_JOB, { surveyId }, ctx.user.id) : null;
  return { id: surveyId, ...countParsed(parsed), sync_job_id: job?.id ?? null };
}
