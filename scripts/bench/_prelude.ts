/** What the engine benchmarks share: `--name N` arguments, a seeded generator and the median. */

/** The number after `--name` on the command line, or dflt. */
export const arg = (name: string, dflt: number) => Number(process.argv[process.argv.indexOf(`--${name}`) + 1] || dflt) || dflt;

/** A seeded linear congruential generator, so every run builds the same data: rand in [0, 1), int in [lo, hi]. */
export function seeded(seed: number) {
  const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  return { rand, int };
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
