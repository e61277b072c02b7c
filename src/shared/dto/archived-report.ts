/** A report on the report overview's archive tab (components/report-editor/overview-items.ts). */
export interface ArchivedReport {
  id: number;
  title: string;
  project: string;
  archivedAt: string;
}
