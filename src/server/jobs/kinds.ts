import { GENERATE_TOKENS_JOB } from '../services/surveys/generate-tokens';
import { IMPORT_RESPONSES_JOB } from '../services/surveys/responses/upload-responses';
import { importResponsesJob } from '../services/surveys/responses/import-job';
import { generateTokensJob } from '../services/surveys/token-job';
import type { JobHandler } from './types';
import { CUBE_BUILD_JOB, cubeBuildJob } from '../services/analytics/cube-job';
import { exportPdfJob } from '../services/export/export-job';
import { EXPORT_PDF_JOB } from '../services/export/export-kind';
import { CUBE_REBUILD_JOB, cubeRebuildJob } from '../services/participate/cube-rebuild';
import { INVITATIONS_JOB, invitationsJob } from '../services/participate/invitations';

/** Every job kind the consumer knows. */
export const JOB_HANDLERS: Record<string, JobHandler> = {
  [GENERATE_TOKENS_JOB]: generateTokensJob,
  [IMPORT_RESPONSES_JOB]: importResponsesJob,
  [CUBE_BUILD_JOB]: cubeBuildJob,
  [EXPORT_PDF_JOB]: exportPdfJob,
  [CUBE_REBUILD_JOB]: cubeRebuildJob,
  [INVITATIONS_JOB]: invitationsJob,
};
