/** A question of a survey's cube as the project's filters screen offers it. */
export interface FilterColumn {
  key: string;
  label: string;
  kind: 'single' | 'multi' | 'numeric' | 'text';
  /** Answer options (choice questions); open-text answers are not listed. */
  answers: { code: string; label: string }[];
}

/**
 * What the project's filters screen needs besides the categories themselves: per linked survey
 * the questions of its cube, and per category the reports that offer it
 * (services/projects/load-filter-screen.ts).
 */
export interface FilterScreen {
  surveys: { id: number; displayTitle: string; columns: FilterColumn[] }[];
  offeredBy: Record<number, { id: number; title: string }[]>;
}
