import { z } from 'zod';
import { messages } from './messages';

/**
 * Dutch messages for every zod check that has no message of its own, in the words of spec 000 §5
 * where the spec has them. Without this, a schema that forgets a message (or a body of the wrong
 * type: an array where an object belongs) answers in zod's English. Schema-level messages still
 * win; this is zod's global fallback. Imported for its effect by validation/messages.ts (islands)
 * and server/http/body.ts (every route's validate), so both sides install it.
 */
const INVALID = 'Dit veld heeft een ongeldige waarde';
const number = (n: number | bigint) => (Number(n) >= 1_000_000 ? Number(n).toLocaleString('nl-NL') : String(n));

export function dutchIssueMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return messages.required;
      if (issue.expected === 'int') return messages.wholeNumber;
      if (issue.expected === 'number' || issue.expected === 'bigint') return 'Dit veld moet een getal zijn';
      return INVALID;
    case 'too_small': {
      const min = Number(issue.minimum) + (issue.inclusive === false ? 1 : 0);
      if (issue.origin === 'string') return min <= 1 ? messages.required : `Voer minimaal ${min} karakters in`;
      if (issue.origin === 'array' || issue.origin === 'set') return min <= 1 ? messages.minOneOption : `Selecteer minimaal ${min} opties`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') return `De minimale waarde van dit veld is ${number(min)}`;
      return INVALID;
    }
    case 'too_big': {
      const max = Number(issue.maximum) - (issue.inclusive === false ? 1 : 0);
      if (issue.origin === 'string') return `De maximale lengte voor dit veld is ${max} karakters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Selecteer maximaal ${max} ${max === 1 ? 'optie' : 'opties'}`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') return `De maximale waarde van dit veld is ${number(max)}`;
      if (issue.origin === 'file') return messages.fileTooLarge;
      return INVALID;
    }
    case 'invalid_format':
      return issue.format === 'email' ? messages.email : INVALID;
    case 'not_multiple_of':
      return issue.divisor === 1 ? messages.wholeNumber : INVALID;
    case 'unrecognized_keys':
      return issue.keys.length === 1 ? `Onbekend veld: ${issue.keys[0]}` : `Onbekende velden: ${issue.keys.join(', ')}`;
    case 'invalid_value':
      return 'Kies een van de toegestane waarden';
    default:
      return INVALID;
  }
}

z.config({ customError: dutchIssueMessage });
