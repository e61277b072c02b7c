/**
 * Writes the PDF export's fonts (src/server/pdf/fonts/*.ts): Noto Sans and Noto Serif (SIL Open Font
 * License 1.1, from the @expo-google-fonts packages), regular and bold, cut down with HarfBuzz's
 * hb-subset (subset-font) to the characters a Dutch report can hold: Latin with every European
 * diacritic (Latin-1, Latin Extended-A/B/Additional), punctuation, currency, arrows and the math
 * signs the charts write ('−', '≤', '±'). Kerning and the glyph metrics stay. The signs Noto lacks
 * ('≤', '≥', '≠', '≈', arrows) are cut from Noto Sans Math into a third, tiny font. The Worker reads
 * the bytes as base64 text, one module per family, loaded on the first PDF only.
 *
 *   npx tsx scripts/pdf-fonts.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import subsetFont from 'subset-font';
import { FONT_RANGES } from '../src/server/pdf/fonts/ranges';

const require = createRequire(import.meta.url);
const text = FONT_RANGES.flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i))).join('');

const FAMILIES = [
  { module: 'noto-sans', pkg: '@expo-google-fonts/noto-sans', regular: '400Regular/NotoSans_400Regular.ttf', bold: '700Bold/NotoSans_700Bold.ttf' },
  { module: 'noto-serif', pkg: '@expo-google-fonts/noto-serif', regular: '400Regular/NotoSerif_400Regular.ttf', bold: '700Bold/NotoSerif_700Bold.ttf' },
];

// The characters every cut font holds: the PDF's text is reduced to these (fonts/coverage.ts).
let covered = null as Set<number> | null;
for (const family of FAMILIES) {
  const root = dirname(require.resolve(`${family.pkg}/package.json`));
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  const copyright = (readFileSync(join(root, 'LICENSE_FONT'), 'utf8').split('\n')[0] ?? '').trim();
  const out: Record<string, string> = {};
  for (const weight of ['regular', 'bold'] as const) {
    const source = readFileSync(join(root, family[weight]));
    const cut = await subsetFont(source, text, { targetFormat: 'truetype' });
    out[weight] = cut.toString('base64');
    const set = new Set(fontkit.create(cut).characterSet);
    covered = covered ? new Set([...covered].filter((c) => set.has(c))) : set;
    console.log(`${family.module} ${weight}: ${source.length} → ${cut.length} bytes (${out[weight].length} base64)`);
  }
  const file = `src/server/pdf/fonts/${family.module}.ts`;
  writeFileSync(
    file,
    `/*! @license ${family.pkg} ${version}: ${copyright}, SIL Open Font License 1.1 (https://openfontlicense.org). Subset (Latin, punctuation, signs) written by scripts/pdf-fonts.ts; do not edit. */\n` +
      `export const regular = '${out.regular}';\nexport const bold = '${out.bold}';\n`,
  );
}

/** Code points as [first, last] runs. */
function runsOf(set: Iterable<number>): [number, number][] {
  const codes = [...set].filter((c) => c >= 0x20 && c < 0xfffe).sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const c of codes) {
    const last = runs.at(-1);
    if (last && last[1] === c - 1) last[1] = c;
    else runs.push([c, c]);
  }
  return runs;
}

// The signs of FONT_RANGES that Noto Sans and Serif lack ('≤', '≥', '≠', '≈', arrows, the legends'
// shapes) come from Noto Sans Math (SIL OFL 1.1, @fontsource/noto-sans-math; one weight), cut to
// just those: the PDF draws them in it (pdf/text.ts splits a line into runs per font).
const main = covered ?? new Set<number>();
const mathPkg = '@fontsource/noto-sans-math';
const mathRoot = dirname(require.resolve(`${mathPkg}/package.json`));
const mathVersion = (JSON.parse(readFileSync(join(mathRoot, 'package.json'), 'utf8')) as { version: string }).version;
const mathCopyright = (readFileSync(join(mathRoot, 'LICENSE'), 'utf8').split('\n')[0] ?? '').trim();
const mathSource = readFileSync(join(mathRoot, 'files/noto-sans-math-latin-400-normal.woff'));
const mathHas = new Set(fontkit.create(mathSource).characterSet);
const signs = [...text].map((c) => c.codePointAt(0)!).filter((c) => !main.has(c) && mathHas.has(c));
const mathCut = await subsetFont(mathSource, String.fromCodePoint(...signs), { targetFormat: 'truetype' });
const signSet = new Set(fontkit.create(mathCut).characterSet.filter((c) => signs.includes(c)));
console.log(`noto-sans-math: ${mathSource.length} → ${mathCut.length} bytes, ${signSet.size} signs`);
writeFileSync(
  'src/server/pdf/fonts/noto-sans-math.ts',
  `/*! @license ${mathPkg} ${mathVersion}: ${mathCopyright}, SIL Open Font License 1.1 (https://openfontlicense.org). Subset (the signs Noto Sans and Serif lack) written by scripts/pdf-fonts.ts; do not edit. */\n` +
    `export const signs = '${mathCut.toString('base64')}';\n`,
);

const runs = runsOf(main);
writeFileSync(
  'src/server/pdf/fonts/coverage.ts',
  `/** The characters every embedded font holds (written by scripts/pdf-fonts.ts; do not edit): [first, last] code points. */\nexport const COVERAGE: readonly (readonly [number, number])[] = ${JSON.stringify(runs)};\n` +
    `/** The signs the text fonts lack that the PDF draws from Noto Sans Math (fonts/noto-sans-math.ts). */\nexport const SIGNS: readonly (readonly [number, number])[] = ${JSON.stringify(runsOf(signSet))};\n`,
);
console.log(`coverage: ${runs.reduce((n, [a, b]) => n + b - a + 1, 0)} characters in ${runs.length} runs, ${signSet.size} signs from Noto Sans Math`);
