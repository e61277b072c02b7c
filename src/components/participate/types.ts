import type { FormQuestion } from '../../server/services/participate/form-model';
import type { Answers } from '../../server/services/participate/page-flow';
import type { RenderContext } from '../../server/services/participate/render';

/** What every field component of a question gets. */
export interface FieldProps {
  rc: RenderContext;
  q: FormQuestion;
  values: Answers;
  /** Relevant rows of this page (the others render hidden, for live conditions). */
  rows: ReadonlySet<number>;
  invalid: boolean;
  describedBy: string | undefined;
  /** Put autofocus on the first field (first error or a question that just appeared). */
  focus: boolean;
  /** Paper entry: codes typed instead of clicked. */
  paper?: boolean;
}
