/** The characters every embedded font holds (written by scripts/pdf-fonts.ts; do not edit): [first, last] code points. */
export const COVERAGE: readonly (readonly [number, number])[] = [[32,126],[160,591],[697,733],[7680,7935],[8192,8292],[8294,8303],[8352,8384],[8448,8482],[8722,8722],[9676,9676]];
