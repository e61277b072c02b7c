import { RATING_FIELDS } from '../../shared/validation/zkn';
import type { RatingSurveyView } from './types';

const plain = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * A first mapping for a chosen survey, from the question codes alone: a field takes the one
 * fitting column whose code is the field's name (`cijfer`, `aanbevelen`), ends in it (`aspecten_afspraak`)
 * or, for the AGB code, contains 'agb'. Two such columns, or none, leave the field for the user;
 * nothing is guessed from question texts. The form shows it as a suggestion to check.
 */
export function suggestMapping(survey: RatingSurveyView | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!survey) return out;
  for (const f of RATING_FIELDS) {
    const name = plain(f);
    const hits = survey.columns.filter((c) => {
      if (!c.fields.includes(f)) return false;
      const key = plain(c.key);
      return key === name || c.key.toLowerCase().endsWith(`_${f}`) || (f === 'agb_code' && key.includes('agb'));
    });
    if (hits.length === 1) out[f] = hits[0]!.key;
  }
  return out;
}
