import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../src/shared/i18n/audit-actions';

/** Every .ts file under a directory. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

/** The action names the server writes to the audit trail: every quoted name in the `action:` of an auditRow/auditValues call. */
function auditedActions(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sources('src/server')) {
    const text = readFileSync(file, 'utf8');
    for (const call of text.matchAll(/\b(?:auditRow|auditValues)\([^]*?\baction:\s*([^,]+),/g)) {
      for (const [, name] of call[1]!.matchAll(/'([a-z][a-z0-9.-]*)'/g)) found.set(name!, file);
    }
  }
  return found;
}

describe('audit trail actions', () => {
  it('every action the server audits has a Dutch name, so the trail reads Dutch and its filter offers it', () => {
    const actions = auditedActions();
    expect(actions.size).toBeGreaterThan(40);
    const unnamed = [...actions].filter(([name]) => !(name in AUDIT_ACTIONS)).map(([name, file]) => `${name} (${file})`);
    expect(unnamed).toEqual([]);
  });
});
