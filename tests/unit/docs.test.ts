import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Keeps the documents honest: the README fits a screen, every relative link and every file path
 * they name exists, and they speak about the product, not about how they were written.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

const FILES = [join(ROOT, 'README.md'), ...(existsSync(join(ROOT, 'docs')) ? markdownFiles(join(ROOT, 'docs')) : [])];
const read = (file: string) => readFileSync(file, 'utf8');
const rel = (file: string) => relative(ROOT, file);

/** Text outside fenced code blocks, with the line numbers kept. */
function prose(text: string): { line: number; text: string }[] {
  let fenced = false;
  return text.split('\n').flatMap((line, i) => {
    if (line.trimStart().startsWith('```')) {
      fenced = !fenced;
      return [];
    }
    return fenced ? [] : [{ line: i + 1, text: line }];
  });
}

/** GitHub's heading anchors: lower case, punctuation out, spaces to hyphens. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const { text: line } of prose(text)) {
    const m = /^#{1,6}\s+(.*)$/.exec(line);
    if (!m) continue;
    const base = m[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

describe('documents', () => {
  it('the README fits a screen: at most 300 lines', () => {
    expect(read(join(ROOT, 'README.md')).split('\n').length).toBeLessThanOrEqual(300);
  });

  it('every topic page is in the index (docs/README.md) and in the README', () => {
    const pages = readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md') && name !== 'README.md');
    const index = read(join(ROOT, 'docs/README.md'));
    const readme = read(join(ROOT, 'README.md'));
    expect(pages.filter((name) => !index.includes(`](${name})`))).toEqual([]);
    expect(pages.filter((name) => !readme.includes(`](docs/${name})`))).toEqual([]);
  });

  it('every relative link resolves to an existing file (and heading)', () => {
    const broken: string[] = [];
    for (const file of FILES) {
      const text = read(file);
      for (const { line, text: l } of prose(text)) {
        for (const m of l.matchAll(/\]\(([^)\s]+)\)/g)) {
          const target = m[1]!;
          if (/^[a-z]+:/i.test(target)) continue; // http:, https:, mailto:
          const [path, anchor] = target.split('#') as [string, string | undefined];
          const to = path ? resolve(dirname(file), path) : file;
          if (!existsSync(to)) {
            broken.push(`${rel(file)}:${line} → ${target} (no such file)`);
            continue;
          }
          if (anchor && to.endsWith('.md') && !anchors(read(to)).has(anchor)) broken.push(`${rel(file)}:${line} → ${target} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('every file path they name in backticks exists', () => {
    const missing: string[] = [];
    for (const file of FILES) {
      for (const { line, text } of prose(read(file))) {
        for (const m of text.matchAll(/`((?:src|scripts|tests|migrations|public)\/[^`\s]*)`/g)) {
          const path = m[1]!;
          if (/[*{}<>…|[\]:]|\.\.\./.test(path)) continue; // patterns and placeholders, not paths
          if (!existsSync(join(ROOT, path))) missing.push(`${rel(file)}:${line} → ${path}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('they describe the product, not how the documents or figures came about', () => {
    const HISTORY = [
      /\bhelper [`'"]/i, // helper `lean` (a page helper is fine)
      /\b(other|all|the) helpers\b/i,
      /\bcoordinator\b/i,
      /\bsession \d+/i,
      /\bissue #?\d+/i,
      /\b(first|second|third|fourth|fifth) pass\b/i,
      /\b(reran|rerun|re-run)\b/i,
      /\bload average\b/i,
      /\bmain at [0-9a-f]{7}/i,
      /\bcommit [0-9a-f]{7,}/i,
      /\b\d{1,2}:\d{2}\s*[–-]\s*\d{1,2}:\d{2}\b/, // a time of day range: a lab-notebook entry
      /\b(this|that) (afternoon|morning|evening)\b/i,
      /\bused to\b/i,
    ];
    const found: string[] = [];
    for (const file of FILES) {
      for (const { line, text } of prose(read(file))) {
        for (const re of HISTORY) {
          const m = re.exec(text);
          if (m) found.push(`${rel(file)}:${line} "${m[0]}"`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
