/** The loose-end types of spec 000 §2.11 (the tabs of /admin/loose-ends), with their Dutch names. */
export const LOOSE_END_TYPES = ['Report', 'Company', 'Section', 'Chart', 'Project', 'User', 'Panel', 'FailedJob', 'DataLocation'] as const;
export type LooseEndType = (typeof LOOSE_END_TYPES)[number];

export interface LooseEnd {
  type: LooseEndType;
  id: number;
  title: string;
  /** Why it is listed. */
  reason: string;
  /** What deleting it removes. */
  removes: string;
  company_id: number | null;
  /** FailedJob: the error and whether it can be restarted. */
  error?: string | null;
  restartable?: boolean;
}
