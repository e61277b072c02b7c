import type { OverviewItem } from '../../islands/overview/types';
import type { ArchivedReport } from '../../shared/dto/archived-report';
import type { UserServiceContext } from '../../server/context';
import { listReports } from '../../server/services/reports/list-reports';
import { formatDate } from '../../shared/format';
import { reportEditorNl } from '../../shared/i18n/report-editor';
import { REPORT_STATUSES } from '../../shared/lookups';
import { pathFor } from '../../shared/routes';
import { url } from '../../shared/urls';
import { loadProjectChoices } from './load';

const t = reportEditorNl.overview;

/** The overview's tabs (spec 000 §2.4): per status, everything, and the archive. */
export const OVERVIEW_TABS = ['concept', 'review', 'published', 'all', 'archived'] as const;
export type OverviewTab = (typeof OVERVIEW_TABS)[number];

export function overviewTab(raw: string | null): OverviewTab {
  return (OVERVIEW_TABS as readonly string[]).includes(raw ?? '') ? (raw as OverviewTab) : 'all';
}

/**
 * The tabs a user sees: an editor sees every tab; a reader (no dashboard.edit) sees the
 * 'Concept' and 'Ter controle' tabs only when they hold a report, so no empty tab is offered.
 */
export function visibleOverviewTabs(counts: Partial<Record<OverviewTab, number>>, canEdit: boolean): OverviewTab[] {
  return OVERVIEW_TABS.filter((tab) => canEdit || (tab !== 'concept' && tab !== 'review') || (counts[tab] ?? 0) > 0);
}

/**
 * The reports of one tab as overview items (the title links to the report, with project, status,
 * end date, last update and a 'Bekijken' link when the view exists), or — on the archive tab —
 * the archived reports; with the number of reports per status tab.
 */
export async function loadReportOverview(ctx: UserServiceContext, tab: OverviewTab, canView: boolean) {
  const [reports, projects] = await Promise.all([listReports(ctx, { archived: true }), loadProjectChoices(ctx)]);
  const projectTitle = new Map(projects.map((p) => [p.id, p.title]));
  const statusKey = (id: number | null) => REPORT_STATUSES.find((s) => s.id === id)?.key;
  const counts: Partial<Record<OverviewTab, number>> = {};
  for (const r of reports) {
    const key = r.archived ? 'archived' : statusKey(r.status_id);
    if (key && (OVERVIEW_TABS as readonly string[]).includes(key)) counts[key as OverviewTab] = (counts[key as OverviewTab] ?? 0) + 1;
  }
  if (tab === 'archived') {
    const archived: ArchivedReport[] = reports
      .filter((r) => r.archived)
      .map((r) => ({ id: r.id, title: r.title, project: projectTitle.get(r.project_id) ?? '', archivedAt: formatDate(r.archived_at!) }));
    return { items: [] as OverviewItem[], archived, counts };
  }
  const items: OverviewItem[] = reports
    .filter((r) => !r.archived && (tab === 'all' || statusKey(r.status_id) === tab))
    .map((r) => ({
      id: r.id,
      title: r.title,
      href: canView ? url(pathFor('ViewReportIndex', { id: String(r.id) })) : undefined,
      fields: [
        { label: t.project, value: projectTitle.get(r.project_id) ?? null },
        { label: t.status, value: REPORT_STATUSES.find((s) => s.id === r.status_id)?.name ?? null },
        { label: t.endDate, value: r.end_date ? formatDate(r.end_date) : null },
        { label: t.updated, value: formatDate(r.updated_at) },
      ],
      actions: canView ? [{ text: t.view, href: url(pathFor('ViewReportIndex', { id: String(r.id) })) }] : [],
    }));
  return { items, archived: [] as ArchivedReport[], counts };
}
