import type { OverviewItem } from '../../islands/overview/types';
import type { ProjectListItem } from '../../server/services/projects/list-projects';
import { formatDate } from '../../shared/format';
import { pathFor } from '../../shared/routes';
import { url } from '../../shared/urls';

/** A project as an overview item (spec 000 §2.9): the six fields with licence and age colouring; title and 'Bekijken' link to it. */
export function toOverviewItem(p: ProjectListItem, canView: boolean): OverviewItem {
  return {
    id: p.id,
    title: p.title,
    fields: [
      { label: 'Opdrachtgever', value: p.client },
      { label: 'Status', value: p.status },
      { label: 'Gebruikers', value: p.usersCount },
      { label: 'Rapportages', value: p.reportsCount },
      { label: 'Einddatum licentie', value: p.license_end_date ? formatDate(p.license_end_date) : null, tone: p.license_end_date_style },
      { label: 'Laatste update', value: formatDate(p.updated_at), tone: p.updated_at_style },
    ],
    href: canView ? url(pathFor('ViewProjectBase', { id: String(p.id) })) : undefined,
    editable: false,
    admins: p.admins,
    actions: canView ? [{ text: 'Bekijken', href: url(pathFor('ViewProjectBase', { id: String(p.id) })) }] : [],
  };
}
