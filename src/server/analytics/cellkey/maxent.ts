/**
 * The maximum-entropy noise distribution behind the p-table (docs/perturbation.md): on the integer
 * support lo … hi (lo ≤ 0 ≤ hi), the distribution with mean 0 and variance v that has the largest
 * entropy is p(d) ∝ exp(a·d + b·d²) (Lagrange multipliers of the two moment constraints). a and b
 * are found by Newton's method on the convex log-partition function; the result is then corrected
 * so the mean is 0 to rounding error. Pure and deterministic: the generator script
 * (scripts/cellkey-ptable.ts) and the tests call it; the engine reads the committed table.
 */
export function maxEntropy(lo: number, hi: number, v: number): number[] {
  if (lo > 0 || hi < 0 || !(v >= 0)) throw new Error(`bad support ${lo}…${hi} or variance ${v}`);
  const support: number[] = [];
  for (let d = lo; d <= hi; d++) support.push(d);
  if (lo === 0 || hi === 0 || v === 0) {
    // Mean 0 on a one-sided support (or no variance): only d = 0.
    return support.map((d) => (d === 0 ? 1 : 0));
  }
  if (v >= -lo * hi) throw new Error(`variance ${v} not reachable on ${lo}…${hi} (at most ${-lo * hi})`);
  let a = 0;
  let b = -1 / (2 * v);
  for (let it = 0; it < 200; it++) {
    const p = weights(support, a, b);
    let m1 = 0, m2 = 0, m3 = 0, m4 = 0;
    for (let i = 0; i < support.length; i++) {
      const d = support[i]!;
      m1 += p[i]! * d;
      m2 += p[i]! * d * d;
      m3 += p[i]! * d * d * d;
      m4 += p[i]! * d * d * d * d;
    }
    const g1 = m1;
    const g2 = m2 - v;
    if (Math.abs(g1) < 1e-15 && Math.abs(g2) < 1e-14) break;
    // Hessian: covariance of (d, d²).
    const h11 = m2 - m1 * m1;
    const h12 = m3 - m1 * m2;
    const h22 = m4 - m2 * m2;
    const det = h11 * h22 - h12 * h12;
    let da = (h22 * g1 - h12 * g2) / det;
    let db = (h11 * g2 - h12 * g1) / det;
    // Damped step: keep the update small while far from the solution.
    const size = Math.max(Math.abs(da), Math.abs(db));
    if (size > 1) {
      da /= size;
      db /= size;
    }
    a -= da;
    b -= db;
  }
  return unbias(support, weights(support, a, b));
}

function weights(support: number[], a: number, b: number): number[] {
  const e = support.map((d) => a * d + b * d * d);
  const top = Math.max(...e);
  const w = e.map((x) => Math.exp(x - top));
  const s = w.reduce((x, y) => x + y, 0);
  return w.map((x) => x / s);
}

/** Moves the tiny remaining mean error onto the outermost point on the side that reduces it. */
function unbias(support: number[], p: number[]): number[] {
  const mean = p.reduce((s, x, i) => s + x * support[i]!, 0);
  const out = [...p];
  if (mean === 0) return out;
  const last = support.length - 1;
  // Shift mass δ from d=0 to the end point e with δ·e = −mean.
  const e = mean > 0 ? support[0]! : support[last]!;
  const i = mean > 0 ? 0 : last;
  const zero = support.indexOf(0);
  const delta = -mean / e;
  out[i] = out[i]! + delta;
  out[zero] = out[zero]! - delta;
  return out;
}
