import type { surveys } from '../../db/schema';
import type { SessionUser } from '../../auth/sessions';
import { hasRole } from '../../../shared/permissions';

type SurveyRow = typeof surveys.$inferSelect;

/** LimeSurvey shows surveys as "title (sid)"; pickers sort on it. */
export function displayTitle(s: Pick<SurveyRow, 'title' | 'lsSid' | 'id'>) {
  return `${s.title} (${s.lsSid ?? s.id})`;
}

export function canEditSurvey(user: SessionUser) {
  return hasRole(user, 'survey.edit');
}

/** Text in the requested language, else the base language, else any. */
export function pick(texts: Record<string, string>, lang: string, base: string): string {
  return texts[lang] ?? texts[base] ?? Object.values(texts)[0] ?? '';
}
