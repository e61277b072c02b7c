import { col, table } from './lss-counts';

/**
 * LimeSurvey's createFieldMap() (application/helpers/common_helper.php, LimeSurvey 3–6), written
 * again from the format reference and independently of the importer's column map: the response
 * columns LimeSurvey creates for a survey, in its order, each with its three names — SGQA
 * (`123X4X56SQ001`), the export's question-code heading (`Q1[SQ001]`) and the ExpressionScript
 * code of VV version 2 (`Q1_SQ001`) — and a value LimeSurvey could have stored in it.
 */
export interface LsField {
  sgqa: string;
  heading: string;
  em: string;
  type: string;
  value: string;
}

interface Q { qid: string; parent: string; gid: string; type: string; title: string; order: number; scale: number; other: boolean }

export function limeSurveyFieldMap(xml: string): { meta: string[]; fields: LsField[] } {
  const survey = table(xml, 'surveys')[0] ?? '';
  const sid = col(survey, 'sid') ?? '0';
  const flag = (name: string) => col(survey, name) === 'Y';
  const dbVersion = Number(xml.match(/<DBVersion>(\d+)<\/DBVersion>/)?.[1] ?? 0);
  const meta = ['id'];
  if (!flag('anonymized')) meta.push('token');
  meta.push('submitdate', 'lastpage', 'startlanguage');
  if (dbVersion >= 300) meta.push('seed');
  if (flag('datestamp')) meta.push('startdate', 'datestamp');
  if (flag('ipaddr')) meta.push('ipaddr');
  if (flag('refurl')) meta.push('refurl');

  const groupOrder = new Map<string, number>();
  for (const r of table(xml, 'groups')) groupOrder.set(col(r, 'gid')!, Number(col(r, 'group_order') ?? 0));
  const byQid = new Map<string, Q>();
  for (const r of [...table(xml, 'questions'), ...table(xml, 'subquestions')]) {
    const qid = col(r, 'qid')!;
    if (byQid.has(qid)) continue; // legacy files: one row per language
    byQid.set(qid, { qid, parent: col(r, 'parent_qid') ?? '0', gid: col(r, 'gid') ?? '', type: col(r, 'type') ?? '', title: col(r, 'title') ?? '', order: Number(col(r, 'question_order') ?? 0), scale: Number(col(r, 'scale_id') ?? 0), other: col(r, 'other') === 'Y' });
  }
  const answers = new Map<string, { code: string; scale: number }[]>();
  const seenAnswer = new Set<string>();
  for (const r of table(xml, 'answers')) {
    const qid = col(r, 'qid')!;
    const key = `${qid}|${col(r, 'scale_id') ?? 0}|${col(r, 'code')}`;
    if (seenAnswer.has(key)) continue;
    seenAnswer.add(key);
    (answers.get(qid) ?? answers.set(qid, []).get(qid)!).push({ code: col(r, 'code')!, scale: Number(col(r, 'scale_id') ?? 0) });
  }
  const maxSub = new Map<string, number>();
  for (const r of table(xml, 'question_attributes')) if (col(r, 'attribute') === 'max_subquestions') maxSub.set(col(r, 'qid')!, Number(col(r, 'value') ?? 0));

  const parents = [...byQid.values()].filter((q) => q.parent === '0').sort((a, b) => (groupOrder.get(a.gid)! - groupOrder.get(b.gid)!) || a.order - b.order);
  const subs = (q: Q, scale: number) => [...byQid.values()].filter((s) => s.parent === q.qid && s.scale === scale).sort((a, b) => a.order - b.order);
  const firstCode = (q: Q, scale = 0) => answers.get(q.qid)?.find((a) => a.scale === scale)?.code ?? '';
  const fixed: Record<string, string> = { '5': '3', A: '2', B: '7', C: 'U', E: 'S', G: 'F', Y: 'N', D: '2024-05-01 00:00:00', N: '12', K: '3', ':': '4', S: 'kort', T: 'lang', U: 'heel lang', Q: 'tekst', ';': 'cel', I: 'en', X: '', '*': '42', '|': '[{"title":"","comment":"","size":"1.2","name":"a.pdf","filename":"fu_x","ext":"pdf"}]', M: 'Y', P: 'Y' };
  const fields: LsField[] = [];
  const add = (q: Q, suffix: string, heading: string, em: string, value: string) =>
    fields.push({ sgqa: `${sid}X${q.gid}X${q.qid}${suffix}`, heading: heading ? `${q.title}[${heading}]` : q.title, em: em ? `${q.title}_${em}` : q.title, type: q.type, value });
  for (const q of parents) {
    const t = q.type;
    if (['A', 'B', 'C', 'E', 'F', 'H', 'K', 'Q', 'M', 'P'].includes(t)) {
      for (const s of subs(q, 0)) {
        add(q, s.title, s.title, s.title, t === 'F' || t === 'H' ? firstCode(q) : fixed[t]!);
        if (t === 'P') add(q, `${s.title}comment`, `${s.title}comment`, `${s.title}comment`, 'toelichting');
      }
      if (q.other && (t === 'M' || t === 'P')) {
        add(q, 'other', 'other', 'other', 'anders');
        if (t === 'P') add(q, 'othercomment', 'othercomment', 'othercomment', 'toelichting');
      }
    } else if (t === ':' || t === ';') {
      for (const y of subs(q, 0)) for (const x of subs(q, 1)) add(q, `${y.title}_${x.title}`, `${y.title}_${x.title}`, `${y.title}_${x.title}`, fixed[t]!);
    } else if (t === '1') {
      for (const s of subs(q, 0)) for (const scale of [0, 1]) fields.push({ sgqa: `${sid}X${q.gid}X${q.qid}${s.title}#${scale}`, heading: `${q.title}[${s.title}][${scale + 1}]`, em: `${q.title}_${s.title}_${scale}`, type: t, value: firstCode(q, scale) });
    } else if (t === 'R') {
      const all = (answers.get(q.qid) ?? []).filter((a) => a.scale === 0);
      const max = maxSub.get(q.qid) ?? 0;
      const n = max > 0 && max < all.length ? max : all.length;
      for (let i = 1; i <= n; i++) add(q, String(i), String(i), String(i), all[i - 1]!.code);
    } else if (t === '|') {
      add(q, '', '', '', fixed[t]!);
      add(q, '_filecount', 'filecount', 'filecount', '1');
    } else {
      add(q, '', '', '', ['L', '!', 'O'].includes(t) ? firstCode(q) : (fixed[t] ?? ''));
      if (q.other && (t === 'L' || t === '!')) add(q, 'other', 'other', 'other', 'anders');
      if (t === 'O') add(q, 'comment', 'comment', 'comment', 'toelichting');
    }
  }
  return { meta, fields };
}

const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
const metaValue: Record<string, string> = { id: '7', token: '', submitdate: '2024-05-02 10:11:12', lastpage: '3', startlanguage: 'en', seed: '123456', startdate: '2024-05-02 10:00:00', datestamp: '2024-05-02 10:11:12', ipaddr: '192.0.2.1', refurl: '' };

/** A one-row CSV as LimeSurvey's export writes it: quoted, comma-separated, headings by `names`. */
export function oneRowCsv(map: ReturnType<typeof limeSurveyFieldMap>, names: 'heading' | 'sgqa' | 'em'): string {
  const header = [...map.meta, ...map.fields.map((f) => f[names])];
  const row = [...map.meta.map((m) => metaValue[m]!), ...map.fields.map((f) => f.value)];
  return `${header.map(quote).join(',')}\r\n${row.map(quote).join(',')}\r\n`;
}

/** A one-row VV file: tab-separated, question texts on line 1, codes (SGQA v1, EM v2) on line 2. */
export function oneRowVv(map: ReturnType<typeof limeSurveyFieldMap>, version: 1 | 2): string {
  const codes = [...map.meta, ...map.fields.map((f) => (version === 1 ? f.sgqa : f.em))];
  const texts = codes.map((c, i) => (i < map.meta.length ? ['Response ID', 'Token', 'Date submitted', 'Last page', 'Start language', 'Seed', 'Date started', 'Date last action', 'IP address', 'Referrer URL'][['id', 'token', 'submitdate', 'lastpage', 'startlanguage', 'seed', 'startdate', 'datestamp', 'ipaddr', 'refurl'].indexOf(c)] : `Vraag ${c}`));
  const esc = (v: string) => v.replace(/\{/g, '{lbrace}').replace(/\n/g, '{newline}').replace(/\r/g, '{cr}').replace(/\t/g, '{tab}').replace(/^"/, '{quote}');
  const row = [...map.meta.map((m) => metaValue[m]!), ...map.fields.map((f) => esc(f.value))];
  return [texts.join('\t'), codes.join('\t'), row.join('\t')].join('\n') + '\n';
}
