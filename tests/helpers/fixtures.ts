import { fileURLToPath } from 'node:url';

/** The real LimeSurvey files (team fixtures, copied into the repository so every clone has them). */
export const LIMESURVEY_FIXTURES = fileURLToPath(new URL('../fixtures/limesurvey/', import.meta.url));
