/**
 * Counts of a .lss file computed independently of the importer (plain regular expressions over
 * the XML, no XML library): groups, parent questions, subquestions, answer options, and answer
 * labels per language.
 */
export function table(xml: string, name: string): string[] {
  const m = xml.match(new RegExp(`<${name}>\\s*<fields>[\\s\\S]*?</fields>\\s*<rows>([\\s\\S]*?)</rows>\\s*</${name}>`));
  if (!m) return [];
  return [...m[1]!.matchAll(/<row>([\s\S]*?)<\/row>/g)].map((r) => r[1]!);
}
export function col(row: string, name: string): string | undefined {
  const m = row.match(new RegExp(`<${name}>(?:<!\\[CDATA\\[([\\s\\S]*?)\\]\\]>|([^<]*))</${name}>|<${name}/>`));
  if (!m) return undefined;
  return m[1] ?? m[2] ?? '';
}

export function countLss(xml: string) {
  const groups = new Set(table(xml, 'groups').map((r) => col(r, 'gid')));
  const parents = new Set<string>();
  const subs = new Set<string>();
  for (const r of [...table(xml, 'questions'), ...table(xml, 'subquestions')]) {
    const parent = col(r, 'parent_qid') ?? '0';
    (parent === '0' ? parents : subs).add(col(r, 'qid')!);
  }
  const answerRows = table(xml, 'answers');
  const l10n = table(xml, 'answer_l10ns');
  const answerKeys = new Set(answerRows.map((r) => col(r, 'aid') ?? `${col(r, 'qid')}|${col(r, 'scale_id')}|${col(r, 'code')}`));
  const perLanguage: Record<string, number> = {};
  for (const r of l10n.length ? l10n : answerRows) {
    const lang = col(r, 'language');
    if (lang) perLanguage[lang] = (perLanguage[lang] ?? 0) + 1;
  }
  return { groups: groups.size, questions: parents.size, subquestions: subs.size, answers: answerKeys.size, answersPerLanguage: perLanguage };
}
