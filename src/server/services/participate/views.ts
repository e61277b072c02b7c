import type { FieldworkState } from './fieldwork-state';
import type { FormModel, FormPage } from './form-model';
import type { ParticipationSurvey } from './load-respondent';
import type { Answers, TokenValues } from './page-flow';

/** What a participation page shows; the Astro page draws it, the services decide it. */
export interface FormView {
  kind: 'page';
  survey: ParticipationSurvey;
  model: FormModel;
  page: FormPage;
  lang: string;
  /** Values for the inputs: stored answers, or what was just sent when it needs correcting. */
  values: Answers;
  errors: Map<number, string>;
  /** Relevant questions and rows of this page given the values (the rest renders hidden). */
  questions: Set<number>;
  rows: Set<number>;
  progress: { page: number; pages: number };
  canGoBack: boolean;
  isLast: boolean;
  /** The question whose first field gets autofocus (first error, or the first question that appeared). */
  focus: number | null;
  notice: string | null;
  tokenValues: TokenValues;
  softSkipped: Set<number>;
  /** Open surveys: the personal link that resumes this participation (shown once, right after it starts). */
  resumeUrl: string | null;
}

export type ParticipateView =
  | { kind: 'notFound' }
  | { kind: 'status'; state: Exclude<FieldworkState, 'open'>; when: string | null; title: string | null }
  | { kind: 'code'; surveyId: number | null; error: string | null; code: string }
  | { kind: 'welcome'; survey: ParticipationSurvey; lang: string; tokenValues: TokenValues }
  | FormView
  | { kind: 'end'; survey: ParticipationSurvey; lang: string; html: string; url: string | null };
