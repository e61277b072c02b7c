/**
 * The markdown editor's toolbar actions as pure functions over (text, selection), so the textarea
 * island stays small and the behaviour is unit-tested (spec 001 §5: bold, italic, lists, headings
 * 3 to 6, link, indent and dedent; Enter continues a list, an empty item ends it).
 */
export interface EditState {
  value: string;
  start: number;
  end: number;
}

const INDENT = '  ';
const LIST_ITEM = /^(\s*)([-*+]|\d+[.)])(\s+)(.*)$/;

/** **bold** / *italic*: wraps the selection (or a placeholder, selected) in the markers; unwraps when already wrapped. */
export function wrap(s: EditState, marker: string, placeholder: string): EditState {
  const selected = s.value.slice(s.start, s.end);
  const before = s.value.slice(0, s.start);
  const after = s.value.slice(s.end);
  if (before.endsWith(marker) && after.startsWith(marker)) {
    return { value: before.slice(0, -marker.length) + selected + after.slice(marker.length), start: s.start - marker.length, end: s.end - marker.length };
  }
  const text = selected || placeholder;
  const start = s.start + marker.length;
  return { value: before + marker + text + marker + after, start, end: start + text.length };
}

/** The [first, last] line range touched by the selection, as offsets of their starts/ends. */
function lineRange(s: EditState): { from: number; to: number } {
  const from = s.value.lastIndexOf('\n', s.start - 1) + 1;
  const nl = s.value.indexOf('\n', s.end > s.start && s.value[s.end - 1] === '\n' ? s.end - 1 : s.end);
  return { from, to: nl === -1 ? s.value.length : nl };
}

/** Rewrites every selected line; the selection then covers the rewritten lines. */
function mapLines(s: EditState, fn: (line: string, index: number) => string): EditState {
  const { from, to } = lineRange(s);
  const lines = s.value.slice(from, to).split('\n').map(fn).join('\n');
  return { value: s.value.slice(0, from) + lines + s.value.slice(to), start: from, end: from + lines.length };
}

/** Bullet or numbered list; toggles off when every selected line already is one. */
export function list(s: EditState, numbered: boolean): EditState {
  const { from, to } = lineRange(s);
  const lines = s.value.slice(from, to).split('\n');
  const marker = numbered ? /^\s*\d+[.)]\s+/ : /^\s*[-*+]\s+/;
  const all = lines.every((l) => marker.test(l));
  return mapLines(s, (line, i) => {
    const bare = line.replace(LIST_ITEM, '$1$4');
    if (all) return bare;
    return `${numbered ? `${i + 1}.` : '-'} ${bare.trimStart()}`;
  });
}

/** > quote; toggles off when every selected line is quoted. */
export function quote(s: EditState): EditState {
  const { from, to } = lineRange(s);
  const all = s.value.slice(from, to).split('\n').every((l) => l.startsWith('>'));
  return mapLines(s, (line) => (all ? line.replace(/^>\s?/, '') : `> ${line}`));
}

/** Headings 3 to 6: none → ### → #### → ##### → ###### → none. */
export function heading(s: EditState, placeholder: string): EditState {
  const { from, to } = lineRange(s);
  if (from === to) {
    const text = `### ${placeholder}`;
    return { value: s.value.slice(0, from) + text + s.value.slice(to), start: from + 4, end: from + text.length };
  }
  return mapLines(s, (line) => {
    const level = /^(#{1,6})\s/.exec(line)?.[1]?.length ?? 0;
    const bare = line.replace(/^#{1,6}\s+/, '');
    if (level >= 6) return bare;
    return `${'#'.repeat(Math.max(3, level + 1))} ${bare}`;
  });
}

/** [text](url) or ![alt](url); the selection becomes the link text. */
export function link(s: EditState, url: string, placeholder: string, image = false): EditState {
  const text = s.value.slice(s.start, s.end) || placeholder;
  const open = image ? '![' : '[';
  const inserted = `${open}${text}](${url})`;
  const start = s.start + open.length;
  return { value: s.value.slice(0, s.start) + inserted + s.value.slice(s.end), start, end: start + text.length };
}

export function indent(s: EditState): EditState {
  return mapLines(s, (line) => INDENT + line);
}

export function dedent(s: EditState): EditState {
  return mapLines(s, (line) => line.replace(/^( {1,2}|\t)/, ''));
}

/**
 * Enter inside a list item: continue the list with the next marker; on an empty item, end the
 * list (remove the marker). Null = not in a list item, let the textarea insert the newline.
 */
export function enterInList(s: EditState): EditState | null {
  if (s.start !== s.end) return null;
  const from = s.value.lastIndexOf('\n', s.start - 1) + 1;
  const eol = s.value.indexOf('\n', s.start);
  const to = eol === -1 ? s.value.length : eol;
  const line = s.value.slice(from, to);
  const m = LIST_ITEM.exec(line) ?? /^(\s*)([-*+]|\d+[.)])(\s*)()$/.exec(line);
  if (!m) return null;
  const [, lead, marker, , content] = m as unknown as [string, string, string, string, string];
  if (!content.trim()) {
    return { value: s.value.slice(0, from) + s.value.slice(to), start: from, end: from };
  }
  const numbered = /^(\d+)([.)])$/.exec(marker);
  const next = numbered ? `${Number(numbered[1]) + 1}${numbered[2]}` : marker;
  const insert = `\n${lead}${next} `;
  const at = s.start;
  return { value: s.value.slice(0, at) + insert + s.value.slice(at), start: at + insert.length, end: at + insert.length };
}
