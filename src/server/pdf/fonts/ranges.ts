/**
 * The characters scripts/pdf-fonts.ts keeps when it cuts Noto Sans and Noto Serif down (what the
 * fonts really hold of them is coverage.ts): Latin with every European diacritic, punctuation, currency, arrows, the math signs
 * of the charts and the legends' shapes.
 */
export const FONT_RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x7e], // Basic Latin
  [0xa0, 0x24f], // Latin-1, Latin Extended-A and -B
  [0x2b9, 0x2dd], // spacing modifiers (ˆ ˇ ˘ ˙ ˚ ˛ ˜ ˝)
  [0x1e00, 0x1eff], // Latin Extended Additional
  [0x2000, 0x206f], // general punctuation (– — ‘ ’ “ ” • … ‰ and the spaces)
  [0x20a0, 0x20c0], // currency (€)
  [0x2100, 0x2122], // letterlike (№ ™)
  [0x2190, 0x2199], // arrows
  [0x2211, 0x2213], // ∑ − ∓
  [0x2215, 0x221e], // ∕ √ ∞
  [0x2248, 0x2248], // ≈
  [0x2260, 0x2265], // ≠ ≤ ≥
  [0x25a0, 0x25cf], // squares and circles of legends
];
