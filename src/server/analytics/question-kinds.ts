import type { ColumnKind } from './cube';

/**
 * How a LimeSurvey question type (reference/limesurvey-formats.md §4) lands in the cube, per
 * response column: `single` = one answer code (answer options, or fixed codes for 5/A/B/C/E/G/Y/I),
 * `multi` = the question's subquestions as options (M, P: one "Y" column per subquestion),
 * `numeric`, `text` (dictionary codes; dropped when too many distinct values), or null = not in
 * the cube (long text T/U, boilerplate X, file upload |, date D).
 * Array types give one column per subquestion (per scale for 1, per cell for : and ;); R gives
 * one single-choice column per rank. "Other" and comment texts are short-text columns.
 */
export function cubeKindOf(lsType: string): ColumnKind | null {
  switch (lsType) {
    case 'L':
    case '!':
    case 'O':
    case '5':
    case 'G':
    case 'Y':
    case 'I':
    case 'A':
    case 'B':
    case 'C':
    case 'E':
    case 'F':
    case 'H':
    case '1':
    case 'R':
      return 'single';
    case 'M':
    case 'P':
      return 'multi';
    case 'N':
    case 'K':
    case ':':
      return 'numeric';
    case 'S':
    case 'Q':
    case ';':
    case '*':
      return 'text';
    default:
      return null;
  }
}

/** Fixed answer codes of the types that have no answer options of their own, in scale order. */
export function fixedCodes(lsType: string): string[] | null {
  switch (lsType) {
    case '5':
    case 'A':
      return ['1', '2', '3', '4', '5'];
    case 'B':
      return ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'];
    case 'C':
      return ['Y', 'N', 'U'];
    case 'E':
      return ['I', 'S', 'D'];
    case 'G':
      return ['M', 'F'];
    case 'Y':
      return ['Y', 'N'];
    default:
      return null;
  }
}
