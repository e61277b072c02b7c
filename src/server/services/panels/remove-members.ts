import type { InStatement } from '@libsql/client';
import type { Db } from '../../db/client';
import type { JobSystem } from '../../jobs/types';
import { PANEL_MEMBER_ROLES } from '../../../shared/permissions';
import { panelParticipant } from '../participate/panel-fielding';
import { rawClient } from '../surveys/scope';
import { fieldedSurveyIds, writeWithCubes } from './panel-cubes';

const list = (ids: number[]) => ids.map(() => '?').join(', ');

/**
 * Members leave a panel ('Afmelden'), are removed by its managers, or the panel is deleted. What
 * the panel held about them goes at once, in one batch:
 * - the membership and their background answers to the panel's fields;
 * - in the surveys fielded to the panel, their tokens lose name, e-mail address and the link to
 *   the member (`participant_id`), unless another panel of theirs fields the same survey. The
 *   responses stay, de-identified; the cubes are rebuilt without their background.
 * Then an account that only existed for panels (a respondent: panel roles only, no project, no
 * admin) and is in no panel any more is deleted with everything hanging on it (sessions, login
 * log, the mails sent to it). Returns the ids of the deleted accounts.
 */
export async function removeMembers(deps: { db: Db; jobs?: JobSystem; now: Date }, panelId: number, userIds: number[]): Promise<number[]> {
  if (!userIds.length) return [];
  const { db, now } = deps;
  const t = now.getTime();
  const surveyIds = await fieldedSurveyIds(db, panelId);
  const ids = list(userIds);
  const statements: InStatement[] = [
    { sql: `delete from panel_answers where user_id in (${ids}) and panel_field_id in (select id from panel_fields where panel_id = ?)`, args: [...userIds, panelId] },
    { sql: `delete from panel_users where panel_id = ? and user_id in (${ids})`, args: [panelId, ...userIds] },
    {
      sql: `update survey_tokens set participant_id = null, firstname = '', lastname = '', email = '', email_status = 'OptOut', updated_at = ?
        where survey_id in (select survey_id from survey_panels where panel_id = ?)
          and participant_id in (${ids})
          and not exists (select 1 from survey_panels sp join panel_users pu on pu.panel_id = sp.panel_id
            where sp.survey_id = survey_tokens.survey_id and 'panel-user:' || pu.user_id = survey_tokens.participant_id)`,
      // The participant ids as text from here: a JS number bound to `'panel-user:' || ?` may arrive as a REAL ('…:1000.0').
      args: [t, panelId, ...userIds.map(panelParticipant)],
    },
  ];
  await writeWithCubes(db, deps.jobs, statements, surveyIds, now);
  return closeRespondentAccounts(db, userIds);
}

/** Deletes the respondent-only accounts among `userIds` that are in no panel (see removeMembers). */
async function closeRespondentAccounts(db: Db, userIds: number[]): Promise<number[]> {
  const client = rawClient(db);
  const roles = PANEL_MEMBER_ROLES.map(() => '?').join(', ');
  const { rows } = await client.execute({
    sql: `select u.id, u.email from users u where u.id in (${list(userIds)}) and u.is_root = 0
      and not exists (select 1 from panel_users pu where pu.user_id = u.id)
      and not exists (select 1 from project_users p where p.user_id = u.id)
      and not exists (select 1 from company_admins a where a.user_id = u.id)
      and not exists (select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id and r.name not in (${roles}))`,
    args: [...userIds, ...PANEL_MEMBER_ROLES],
  });
  if (!rows.length) return [];
  const closed = rows.map((r) => Number(r.id));
  await client.batch(
    [
      { sql: `delete from mail_outbox where "to" in (${list(closed)})`, args: rows.map((r) => String(r.email)) },
      { sql: `delete from users where id in (${list(closed)})`, args: closed },
    ],
    'write',
  );
  return closed;
}
