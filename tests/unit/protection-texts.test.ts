import { describe, expect, it } from 'vitest';
import { PTABLE_D, PTABLE_ROWS } from '../../src/server/analytics/cellkey/ptable-data';
import { protectionNl } from '../../src/shared/i18n/protection';

/** The editor's sentence on cell-key mode states the p-table's bounds as they are (docs/perturbation.md). */
describe('protection mode texts', () => {
  it('name the p-table’s maximum noise and the usual noise', () => {
    expect(protectionNl.help.cellkey).toContain(`nooit meer dan ${PTABLE_D}`);
    const top = PTABLE_ROWS[PTABLE_D]!;
    const within2 = top.p.reduce((s, p, i) => s + (Math.abs(top.lo + i) <= 2 ? p : 0), 0);
    // 'meestal hooguit 2': most of the top-class noise is within ±2.
    expect(within2).toBeGreaterThan(0.9);
    expect(protectionNl.help.cellkey).toContain('meestal hooguit 2');
  });
});
