import type { Subject } from './permissions';

/** What navigation needs of the signed-in user (a SessionUser satisfies it). */
export interface SessionUserLike extends Subject {
  id: number;
  companyId: number | null;
  isCompanyAdmin: boolean;
}
