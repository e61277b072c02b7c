import type { JobKinds } from './jobs/types';
import { CUBE_BUILD_JOB, cubeBuildJob } from './services/analytics/cube-job';
import { exportPdfJob } from './services/export/export-job';
import { EXPORT_PDF_JOB } from './services/export/export-kind';
import { limeSyncJob } from './services/lime/sync-job';
import { LIME_SYNC_JOB } from './services/lime/sync-kind';
import { CUBE_REBUILD_JOB, cubeRebuildJob } from './services/participate/cube-rebuild';
import { INVITATIONS_JOB, invitationsJob } from './services/participate/invitations';
import { importArchiveJob } from './services/surveys/archive/archive-job';
import { IMPORT_ARCHIVE_JOB } from './services/surveys/archive/import-archive';
import { GENERATE_TOKENS_JOB } from './services/surveys/generate-tokens';
import { importResponsesJob } from './services/surveys/responses/import-job';
import { IMPORT_RESPONSES_JOB } from './services/surveys/responses/upload-responses';
import { generateTokensJob } from './services/surveys/token-job';
import { ratingJobHandler } from './services/zkn/rating-job';
import { ZKN_RATING_JOB } from './services/zkn/start-rating-job';
import { WEIGHTING_JOB, weightingJob } from './services/weighting/weighting-job';
import { SCHEDULE_MAIL_JOB, SCHEDULE_RUN_JOB } from './services/schedules/schedule-kind';
import { scheduleMailJob } from './services/schedules/schedule-mail-job';
import { scheduleRunJob } from './services/schedules/schedule-run-job';

/**
 * Every job kind the portal runs: the registry, assembled here at the composition root and handed
 * to the Queue consumer (src/worker.ts) and to the inline job system (scripts, tests). Services
 * enqueue by kind name (`ctx.jobs.enqueue(KIND, payload, userId)`) and never import this file.
 * A new kind: export its name and handler from its service, add one line here (docs/architecture.md).
 */
export const JOB_KINDS: JobKinds = {
  [GENERATE_TOKENS_JOB]: generateTokensJob,
  [IMPORT_RESPONSES_JOB]: importResponsesJob,
  [IMPORT_ARCHIVE_JOB]: importArchiveJob,
  [LIME_SYNC_JOB]: limeSyncJob,
  [CUBE_BUILD_JOB]: cubeBuildJob,
  [EXPORT_PDF_JOB]: exportPdfJob,
  [CUBE_REBUILD_JOB]: cubeRebuildJob,
  [INVITATIONS_JOB]: invitationsJob,
  [ZKN_RATING_JOB]: ratingJobHandler,
  [WEIGHTING_JOB]: weightingJob,
  [SCHEDULE_RUN_JOB]: scheduleRunJob,
  [SCHEDULE_MAIL_JOB]: scheduleMailJob,
};
