import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { LIMESURVEY_FIXTURES } from './fixtures';
import { limeSurveyFieldMap } from './limesurvey-fieldmap';
import { col, table } from './lss-counts';

/**
 * A LimeSurvey RemoteControl 2 stand-in for tests: JSON-RPC over HTTP POST ({method, params, id}
 * → {id, result, error}), answering as LimeSurvey 6 does — errors as `result: {status}`, the
 * export as base64 CSV with question-code headings, participants with `participant_info`. It
 * serves the colors fixture (survey 841748): structure from its .lss, responses from its .lsr.
 */
export interface LimeResponse { id: number; submitdate: string | null; values: Record<string, string | null> }
/**
 * A row of LimeSurvey's token table as list_participants gives it (the other columns only when asked
 * for). `token` is null for a participant LimeSurvey hasn't generated a token for (added without one).
 */
export interface LimeParticipant {
  tid: string; token: string | null; participant_info: { firstname: string; lastname: string; email: string };
  participant_id: string | null; emailstatus: string; language: string | null;
  completed: string; sent: string; remindersent: string; remindercount: string; usesleft: string; blacklisted: string;
  validfrom: string | null; validuntil: string | null;
}

export async function startLimeServer(opts: { username?: string; password?: string; superadmin?: boolean } = {}) {
  const username = opts.username ?? 'lsadmin';
  const password = opts.password ?? 'geheim-wachtwoord';
  const lss = readFileSync(LIMESURVEY_FIXTURES + 'limesurvey_survey_841748_colors.lss', 'utf8');
  const lsr = readFileSync(LIMESURVEY_FIXTURES + 'survey_841748_responses.lsr', 'utf8');
  const map = limeSurveyFieldMap(lss);
  const sid = 841748;
  const sessions = new Set<string>();
  const calls: { method: string; params: unknown[] }[] = [];
  // Responses from the .lsr: SGQA → value; an absent element is NULL.
  const responses: LimeResponse[] = table(lsr, 'responses').map((row) => {
    const values: Record<string, string | null> = {};
    for (const f of map.fields) values[f.sgqa] = col(row, `_${f.sgqa}`) ?? null;
    return { id: Number(col(row, 'id')), submitdate: col(row, 'submitdate') || null, values };
  });
  const participants: LimeParticipant[] = Array.from({ length: 6 }, (_, i) => ({
    tid: String(i + 1), token: `lstoken${i + 1}`, participant_info: { firstname: `Deelnemer${i + 1}`, lastname: 'Test', email: `d${i + 1}@example.org` },
    participant_id: null, emailstatus: 'OK', language: 'en',
    completed: i < 2 ? '2024-02-01 10:00' : 'N', sent: '2024-01-20 09:00', remindersent: 'N', remindercount: '0', usesleft: i < 2 ? '0' : '1', blacklisted: 'N',
    validfrom: null, validuntil: null,
  }));

  const limeUsers = [
    { uid: '1', users_name: username, full_name: 'Beheerder LimeSurvey', email: 'admin@example.org' },
    { uid: '7', users_name: 'onderzoeker', full_name: 'Onderzoeker Een', email: 'onderzoeker@example.org' },
  ];
  const surveyList = [
    { sid: String(sid), surveyls_title: 'Colors', startdate: null, expires: null, active: 'Y', owner_id: '7' },
    { sid: '999001', surveyls_title: 'Nog niet gekoppeld', startdate: null, expires: null, active: 'N', owner_id: '1' },
  ];
  const rows = (name: string) => table(lss, name);
  const q = (row: string, name: string) => col(row, name) ?? '';
  const methods: Record<string, (params: unknown[]) => unknown> = {
    get_session_key: ([user, pass]) => {
      if (user !== username || pass !== password) return { status: 'Invalid user name or password' };
      const key = `key${sessions.size + 1}${Math.random().toString(36).slice(2, 10)}`;
      sessions.add(key);
      return key;
    },
    release_session_key: ([key]) => {
      sessions.delete(String(key));
      return 'OK';
    },
    // A superadmin sees every survey, or with a user name those that user may see (LimeSurvey 6).
    list_surveys: ([, name]) => {
      const owner = name === null || name === undefined ? null : limeUsers.find((u) => u.users_name === name);
      if (owner === undefined) return { status: 'Invalid user' };
      const list = surveyList.filter((x) => owner === null || x.owner_id === owner.uid).map(({ owner_id: _, ...x }) => x);
      return list.length ? list : { status: 'No surveys found' };
    },
    // Only the properties asked for, as LimeSurvey answers.
    get_survey_properties: ([, s, names]) => {
      const found = surveyList.find((x) => Number(x.sid) === Number(s));
      if (!found || Number(s) !== sid) return { status: 'Error: Invalid survey ID' };
      const all: Record<string, unknown> = { owner_id: found.owner_id, language: 'en', additional_languages: '', anonymized: 'N', datestamp: 'N', usetokens: 'N', tokenlength: '15', format: 'G', attributedescriptions: null };
      return Array.isArray(names) ? Object.fromEntries(names.filter((n) => n in all).map((n) => [n, all[n]])) : all;
    },
    // list_users: superadmin only; the user's attributes without the password, with permissions.
    list_users: ([, uid]) => {
      if (opts.superadmin === false) return { status: 'Permission denied.' };
      const chosen = uid === null || uid === undefined ? limeUsers : limeUsers.filter((u) => u.uid === String(uid));
      if (uid !== null && uid !== undefined && !chosen.length) return { status: 'Invalid user id' };
      return chosen.map((u) => ({ ...u, parent_id: '0', lang: 'nl', htmleditormode: 'default', templateeditormode: 'default', questionselectormode: 'default', one_time_pw: null, dateformat: '1', created: '2024-01-01 09:00:00', modified: '2024-01-01 09:00:00', permissions: [] }));
    },
    list_groups: () =>
      rows('groups').map((g) => {
        const l10n = rows('group_l10ns').find((x) => q(x, 'gid') === q(g, 'gid'));
        return { gid: q(g, 'gid'), sid: String(sid), group_order: q(g, 'group_order'), randomization_group: '', grelevance: q(g, 'grelevance'), group_name: l10n ? q(l10n, 'group_name') : '', description: l10n ? q(l10n, 'description') : '', language: 'en' };
      }),
    list_questions: () =>
      [...rows('questions'), ...rows('subquestions')].map((r) => {
        const l10n = rows('question_l10ns').find((x) => q(x, 'qid') === q(r, 'qid'));
        return {
          qid: q(r, 'qid'), parent_qid: q(r, 'parent_qid'), sid: String(sid), gid: q(r, 'gid'), type: q(r, 'type'), title: q(r, 'title'), preg: q(r, 'preg'), other: q(r, 'other'),
          mandatory: q(r, 'mandatory'), question_order: q(r, 'question_order'), scale_id: q(r, 'scale_id'), relevance: q(r, 'relevance'), question_theme_name: q(r, 'question_theme_name'),
          question: l10n ? q(l10n, 'question') : '', help: l10n ? q(l10n, 'help') : '', language: 'en',
        };
      }),
    get_question_properties: ([, qid]) => {
      const answers = rows('answers').filter((a) => q(a, 'qid') === String(qid));
      const answeroptions = answers.length
        ? Object.fromEntries(answers.map((a) => [q(a, 'code'), { answer: q(rows('answer_l10ns').find((x) => q(x, 'aid') === q(a, 'aid')) ?? '', 'answer'), assessment_value: q(a, 'assessment_value') || '0', scale_id: q(a, 'scale_id') || '0', order: q(a, 'sortorder') }]))
        : 'No available answer options';
      return { answeroptions, attributes: 'No available attributes' };
    },
    export_responses: ([, s, type, , , heading, , from]) => {
      if (Number(s) !== sid || type !== 'csv' || heading !== 'code') return { status: 'Error: bad request' };
      const chosen = responses.filter((r) => from === null || from === undefined || r.id >= Number(from));
      if (!chosen.length) return { status: 'No Data, survey table does not exist.' };
      const quote = (v: string | null) => `"${(v ?? '').replace(/"/g, '""')}"`;
      const header = [...map.meta, ...map.fields.map((f) => f.heading)];
      const lines = chosen.map((r) => [String(r.id), '', r.submitdate, '1', 'en', '1', ...map.fields.map((f) => r.values[f.sgqa] ?? null)].map(quote).join(','));
      return Buffer.from(`${header.map(quote).join(',')}\n${lines.join('\n')}\n`, 'utf8').toString('base64');
    },
    // tid, token and participant_info, plus the asked columns (aAttributes) the token table has, as LimeSurvey answers; ordered by tid.
    list_participants: ([, s, start, limit, , attributes]) => {
      if (Number(s) !== sid) return { status: 'Error: No survey participants table' };
      const asked = new Set(Array.isArray(attributes) ? attributes.map(String) : []);
      const page = participants.slice(Number(start), Number(start) + Number(limit)).map(({ tid, token, participant_info, ...fields }) => ({
        tid, token, participant_info, ...Object.fromEntries(Object.entries(fields).filter(([name]) => asked.has(name))),
      }));
      return page.length ? page : { status: 'No survey participants found.' };
    },
  };

  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      let id: unknown = null;
      try {
        const msg = JSON.parse(body) as { method: string; params: unknown[]; id: unknown };
        id = msg.id;
        calls.push({ method: msg.method, params: msg.params });
        const fn = methods[msg.method];
        const [key] = msg.params;
        let result: unknown;
        if (!fn) result = { status: 'Error: unknown method' };
        else if (msg.method !== 'get_session_key' && !sessions.has(String(key))) result = { status: 'Invalid session key' };
        else result = fn(msg.params);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id, result, error: null }));
      } catch (err) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id, result: null, error: String(err) }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/index.php/admin/remotecontrol`,
    username, password, sid, responses, participants, calls, sessions, map, limeUsers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
