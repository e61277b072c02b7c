/** The characters every embedded font holds (written by scripts/pdf-fonts.ts; do not edit): [first, last] code points. */
export const COVERAGE: readonly (readonly [number, number])[] = [[32,126],[160,591],[697,733],[7680,7935],[8192,8292],[8294,8303],[8352,8384],[8448,8482],[8722,8722],[9676,9676]];
/** The signs the text fonts lack that the PDF draws from Noto Sans Math (fonts/noto-sans-math.ts). */
export const SIGNS: readonly (readonly [number, number])[] = [[8592,8601],[8721,8721],[8723,8723],[8725,8734],[8776,8776],[8800,8805],[9632,9675],[9677,9679]];
