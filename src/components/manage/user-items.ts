import type { OverviewItem } from '../../islands/overview/types';
import type { UserListRow } from '../../server/services/users/list-users';
import { formatDate, formatDateTime } from '../../shared/format';
import { usersNl } from '../../shared/i18n/users';
import { groupLabel } from './load';

const t = usersNl.overview;

/** A user as an overview item: e-mail, group, last login and two-factor state (plus demo and token columns). */
export function toUserItem(row: UserListRow, opts: { kind: 'users' | 'demo' | 'api'; showCompany: boolean }): OverviewItem {
  const fields: OverviewItem['fields'] = [{ label: t.email, value: row.email }];
  if (opts.showCompany) fields.push({ label: t.company, value: row.company ?? '—' });
  if (opts.kind === 'demo') {
    fields.push({ label: t.demoUntil, value: row.demo_expires_at ? `${formatDate(row.demo_expires_at.toISOString())}${row.demo_expired ? ` (${t.expired})` : ''}` : '—', tone: row.demo_expired ? 'error' : null });
    fields.push({ label: t.projects, value: row.projects });
  } else {
    fields.push({ label: t.group, value: groupLabel(row.group_id) });
  }
  if (opts.kind === 'api') fields.push({ label: t.tokens, value: row.active_tokens });
  fields.push({ label: t.lastLogin, value: row.last_login_at ? formatDateTime(row.last_login_at) : t.never });
  if (opts.kind !== 'demo') fields.push({ label: t.twoFactor, value: row.two_factor ? t.on : t.off });
  return { id: row.id, title: row.demo_expires_at ? `${row.fullname} (${t.demo})` : row.fullname, fields };
}
