import type { InStatement } from '@libsql/client';
import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { UserServiceContext } from '../../context';
import { companies, loginLogs, panels, panelUsers, surveyTokens, users } from '../../db/schema';
import { AppError, nl } from '../../errors';
import { countNl } from '../../../shared/i18n/count';
import { panelsNl } from '../../../shared/i18n/panels';
import { GROUPS } from '../../../shared/permissions';
import { csvFile } from '../../../shared/export/writer';
import type { PanelMemberAccount } from '../../../shared/dto/panels';
import type { PanelMemberQuery } from '../../../shared/validation/panels';
import { auditRow } from '../audit/audit-row';
import { panelParticipant } from '../participate/panel-fielding';
import { eraseTokenStatements } from '../surveys/erase-participant';
import { rawClient } from '../surveys/scope';
import { visibleUsers } from '../users/access';
import { requirePanelRole } from './access';
import { collectMemberData } from './export-own-data';
import { writeWithCubes } from './panel-cubes';

/**
 * The 'Panelleden' tab of the user overview: the panel members (group Panellid, citizens who
 * registered through a panel link) of an organisation, for whoever manages its panels
 * (panel.edit; root users see every organisation's). Listing, removal, erasure on request (AVG
 * art. 17) and the export of everything kept about one member (art. 15) — each audited in the
 * batch that does it.
 */

const isMember = (): SQL => eq(users.groupId, GROUPS.Panellid);

function memberQuery(ctx: UserServiceContext, query: PanelMemberQuery) {
  const q = query.q?.trim();
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c: string) => `\\${c}`)}%` : null;
  return ctx.db
    .select({
      id: users.id,
      fullname: users.fullname,
      email: users.email,
      company_id: users.companyId,
      company: companies.name,
      created_at: users.createdAt,
      last_login_at: sql<number | null>`(select max(${loginLogs.loggedInAt}) from ${loginLogs} where ${loginLogs.userId} = ${users.id})`,
    })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        visibleUsers(ctx.user),
        isMember(),
        query.company_id ? eq(users.companyId, query.company_id) : undefined,
        pattern ? or(sql`${users.fullname} like ${pattern} escape '\\'`, sql`${users.email} like ${pattern} escape '\\'`) : undefined,
      ),
    )
    .orderBy(asc(users.fullname), asc(users.id));
}

type MemberListRow = Awaited<ReturnType<typeof memberQuery>>[number];

async function withPanels(ctx: UserServiceContext, rows: MemberListRow[]): Promise<PanelMemberAccount[]> {
  const memberships = rows.length
    ? await ctx.db
        .select({ userId: panelUsers.userId, id: panels.id, name: panels.name })
        .from(panelUsers)
        .innerJoin(panels, and(eq(panels.id, panelUsers.panelId), isNull(panels.deletedAt)))
        .where(inArray(panelUsers.userId, rows.map((r) => r.id)))
        .orderBy(asc(panels.name))
    : [];
  return rows.map((r) => ({
    ...r,
    created_at: r.created_at.toISOString(),
    last_login_at: r.last_login_at === null ? null : new Date(Number(r.last_login_at)).toISOString(),
    panels: memberships.filter((m) => m.userId === r.id).map(({ id, name }) => ({ id, name })),
  }));
}

/** GET user/panel-member[?q=&company_id=]: the members, by name; `q` searches name and e-mail. */
export async function listPanelMemberAccounts(ctx: UserServiceContext, query: PanelMemberQuery = {}): Promise<PanelMemberAccount[]> {
  requirePanelRole(ctx.user, 'panel.edit');
  return withPanels(ctx, await memberQuery(ctx, query));
}

/** GET user/panel-member/export: the same list as CSV through the one writer, own organisation only; the audit row is in the read's batch. */
export async function exportPanelMemberAccounts(ctx: UserServiceContext, query: PanelMemberQuery = {}): Promise<{ filename: string; csv: string }> {
  requirePanelRole(ctx.user, 'panel.edit');
  const companyId = ctx.user.companyId;
  if (companyId === null || (query.company_id !== undefined && query.company_id !== companyId)) throw new AppError('FORBIDDEN', panelsNl.exportOwnerOnly);
  const scoped = { ...query, company_id: companyId };
  const [found] = await ctx.db.batch([
    memberQuery(ctx, scoped),
    auditRow(ctx, {
      action: 'panel.members.export',
      resource: 'company',
      resourceId: companyId,
      companyId,
      summary: `Panelleden van de organisatie geëxporteerd (namen, e-mailadressen, panels)${query.q ? `, zoekterm '${query.q}'` : ''}`,
    }),
  ]);
  const rows = await withPanels(ctx, found);
  const t = panelsNl.accounts;
  const lines = rows.map((r) => [r.id, r.fullname, r.email, r.created_at.slice(0, 10), r.last_login_at?.slice(0, 10) ?? '', r.panels.map((p) => p.name).join('; ')]);
  return { filename: 'panelleden.csv', csv: csvFile([t.csvHeader, ...lines]) };
}

type MemberRow = { id: number; fullname: string; email: string; companyId: number | null };

/** A panel member the actor may manage: panel.edit, and the member's organisation visible (another's: 404, as is a staff account). */
async function findPanelMember(ctx: UserServiceContext, id: number): Promise<MemberRow> {
  requirePanelRole(ctx.user, 'panel.edit');
  const [row] = await ctx.db
    .select({ id: users.id, fullname: users.fullname, email: users.email, companyId: users.companyId })
    .from(users)
    .where(and(eq(users.id, id), visibleUsers(ctx.user), isMember()));
  if (!row) throw new AppError('NOT_FOUND', nl.notFound);
  return row;
}

/** A Drizzle statement as a plain one, so it joins a raw batch (the same batch as the action). */
function toStatement(query: { toSQL(): { sql: string; params: unknown[] } }): InStatement {
  const q = query.toSQL();
  return { sql: q.sql, args: q.params as InStatement extends { args?: infer A } ? A : never };
}

/**
 * DELETE user/panel-member/{id} (remove) and POST user/panel-member/{id}/erase (erase, AVG art. 17).
 * One batch: the member's background answers and memberships go, their invitation tokens lose
 * name, e-mail address and the link to the member, their outbox mails and their account are
 * deleted (sessions and login log with it), the audit row is written. Erasure goes further: the
 * tokens' attributes go too and each code is replaced by an unusable one, so the responses lose
 * their link to the code; they stay, anonymous, in the results, and the surveys' responses version
 * moves at once. The cubes of the surveys concerned are rebuilt (panel background attributes).
 */
async function dropPanelMember(ctx: UserServiceContext, id: number, erase: boolean) {
  const member = await findPanelMember(ctx, id);
  const participant = panelParticipant(id);
  const { rows: surveyRows } = await rawClient(ctx.db).execute({
    sql: `select distinct survey_id from (
        select sp.survey_id from survey_panels sp join panel_users pu on pu.panel_id = sp.panel_id where pu.user_id = ?
        union select survey_id from survey_tokens where participant_id = ?
      ) join surveys s on s.id = survey_id and s.deleted_at is null order by survey_id`,
    args: [id, participant],
  });
  const surveyIds = surveyRows.map((r) => Number(r.survey_id));
  const t = ctx.now.getTime();
  const statements: InStatement[] = [
    { sql: 'delete from panel_answers where user_id = ?', args: [id] },
    { sql: 'delete from panel_users where user_id = ?', args: [id] },
  ];
  // Erasure first (it picks the tokens by the member link the next statement cuts).
  if (erase) statements.push(...eraseTokenStatements(ctx.db, eq(surveyTokens.participantId, participant), ctx.now).map(toStatement));
  statements.push({ sql: `update survey_tokens set participant_id = null, firstname = '', lastname = '', email = '', email_status = 'OptOut', updated_at = ? where participant_id = ?`, args: [t, participant] });
  if (erase && surveyIds.length) statements.push({ sql: `update surveys set responses_version = responses_version + 1 where id in (${surveyIds.map(() => '?').join(', ')})`, args: surveyIds });
  statements.push(
    { sql: 'delete from mail_outbox where "to" = ?', args: [member.email] },
    { sql: 'delete from users where id = ? and group_id = ?', args: [id, GROUPS.Panellid] },
    toStatement(auditRow(ctx, {
      action: erase ? 'panel.member.erase' : 'panel.member.remove',
      resource: 'user',
      resourceId: id,
      companyId: member.companyId,
      summary: erase
        ? `Panellid ${id} gewist op verzoek (naam, e-mailadres, achtergrondgegevens, kenmerken en codes van ${countNl(surveyIds.length, 'onderzoek')}); antwoorden blijven anoniem`
        : `Panellid ${member.fullname} (${member.email}) verwijderd met account en achtergrondgegevens`,
    })),
  );
  await writeWithCubes(ctx.db, ctx.jobs, statements, surveyIds, ctx.now);
  return { id, surveys: surveyIds.length };
}

export const removePanelMemberAccount = (ctx: UserServiceContext, id: number) => dropPanelMember(ctx, id, false);
export const erasePanelMemberAccount = (ctx: UserServiceContext, id: number) => dropPanelMember(ctx, id, true);

/** GET user/panel-member/{id}/personal-data (AVG art. 15): everything kept about one member as JSON, own organisation only, audited in the read's batch. */
export async function exportPanelMemberData(ctx: UserServiceContext, id: number) {
  const member = await findPanelMember(ctx, id);
  if (member.companyId !== ctx.user.companyId) throw new AppError('FORBIDDEN', panelsNl.exportOwnerOnly);
  const data = await collectMemberData(ctx, id, [
    auditRow(ctx, { action: 'panel.member.export', resource: 'user', resourceId: id, companyId: member.companyId, summary: `Alle gegevens van panellid ${id} geëxporteerd op verzoek (inzage)` }),
  ]);
  return { filename: `panellid_${id}.json`, data };
}
