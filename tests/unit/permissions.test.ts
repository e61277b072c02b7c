import { describe, expect, it } from 'vitest';
import { DEFAULT_GROUP_ROLES, GROUPS, ROLES, hasGroup, hasRole } from '../../src/shared/permissions';
import { licenceEndDateStyle } from '../../src/server/services/projects/licence-status';
import { formatDate, formatDateTime } from '../../src/shared/format';

describe('permissions', () => {
  it('lists every role of spec 000 §6, and the token export role of issue 34', () => {
    expect(ROLES).toHaveLength(38);
    expect(ROLES).toContain('survey.tokens.export');
    expect(ROLES).toContain('dashboard.filter');
    expect(ROLES).toContain('admin.delete');
  });

  it('passes a group check when the named group id is >= the user group id', () => {
    const beheerder = { groupId: GROUPS.Beheerder, roles: [] };
    expect(hasGroup(beheerder, 'Admin')).toBe(false);
    expect(hasGroup(beheerder, 'Beheerder')).toBe(true);
    expect(hasGroup(beheerder, 'Api')).toBe(true);
    expect(hasGroup(null, 'Api')).toBe(false);
    expect(hasGroup(beheerder, undefined)).toBe(true);
  });

  it('passes a role check when any listed role is held', () => {
    const user = { groupId: 3, roles: DEFAULT_GROUP_ROLES.Gebruiker };
    expect(hasRole(user, 'dashboard.view')).toBe(true);
    expect(hasRole(user, ['admin.access', 'project.view'])).toBe(true);
    expect(hasRole(user, 'admin.access')).toBe(false);
    expect(hasRole(null, 'dashboard.view')).toBe(false);
  });
});

describe('licence end date style', () => {
  const today = new Date('2026-11-22T10:00:00Z');
  it('is error after the end, warning within 60 days, nothing otherwise', () => {
    expect(licenceEndDateStyle('2026-11-21', today)).toBe('error');
    expect(licenceEndDateStyle('2026-11-22', today)).toBe('warning');
    expect(licenceEndDateStyle('2027-01-20', today)).toBe('warning');
    expect(licenceEndDateStyle('2027-03-01', today)).toBeNull();
    expect(licenceEndDateStyle(null, today)).toBeNull();
  });
});

describe('Dutch dates', () => {
  it('uses the long form and the word for hours', () => {
    expect(formatDate('2026-11-22')).toBe('22 november 2026');
    expect(formatDateTime('2026-11-22T13:05:00Z')).toBe('22 november 2026 om 14:05 uur');
  });
});
