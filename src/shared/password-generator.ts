/**
 * Generated passwords (spec 000 §5): 16 characters, 4 guaranteed (a lowercase letter, an uppercase
 * letter, a digit from 2345679, a symbol from ?&%!$@) plus 12 random ones, shuffled. Look-alike
 * characters (0/O, 1/l/I, 8/B) are left out so a password read aloud or copied by hand survives.
 */
export const GENERATED_PASSWORD = {
  lower: 'abcdefghijkmnopqrstuvwxyz',
  upper: 'ACDEFGHJKLMNPQRSTUVWXYZ',
  digits: '2345679',
  symbols: '?&%!$@',
  length: 16,
} as const;

function randomIndex(max: number): number {
  // Rejection sampling avoids the modulo bias of `random % max`.
  const limit = Math.floor(0x1_0000_0000 / max) * max;
  const buf = new Uint32Array(1);
  do crypto.getRandomValues(buf);
  while (buf[0]! >= limit);
  return buf[0]! % max;
}

const pick = (chars: string) => chars[randomIndex(chars.length)]!;

export function generatePassword(): string {
  const { lower, upper, digits, symbols, length } = GENERATED_PASSWORD;
  const all = lower + upper + digits + symbols;
  const chars = [pick(lower), pick(upper), pick(digits), pick(symbols)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomIndex(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
