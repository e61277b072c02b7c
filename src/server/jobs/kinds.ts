import { GENERATE_TOKENS_JOB } from '../services/surveys/generate-tokens';
import { IMPORT_RESPONSES_JOB } from '../services/surveys/responses/upload-responses';
import { importResponsesJob } from '../services/surveys/responses/import-job';
import { generateTokensJob } from '../services/surveys/token-job';
import type { JobHandler } from './types';
import { ZKN_RATING_JOB } from '../services/zkn/start-rating-job';
import { ratingJobHandler } from '../services/zkn/rating-job';
import { IMPORT_ARCHIVE_JOB } from '../services/surveys/archive/import-archive';
import { importArchiveJob } from '../services/surveys/archive/archive-job';
import { LIME_SYNC_JOB } from '../services/lime/sync-kind';
import { limeSyncJob } from '../services/lime/sync-job';
import { CUBE_BUILD_JOB, cubeBuildJob } from '../services/analytics/cube-job';
import { exportPdfJob } from '../services/export/export-job';
import { EXPORT_PDF_JOB } from '../services/export/export-kind';
import { CUBE_REBUILD_JOB, cubeRebuildJob } from '../services/participate/cube-rebuild';
import { INVITATIONS_JOB, invitationsJob } from '../services/participate/invitations';
import { SCHEDULE_MAIL_JOB, SCHEDULE_RUN_JOB } from '../services/schedules/schedule-kind';
import { scheduleRunJob } from '../services/schedules/schedule-run-job';
import { scheduleMailJob } from '../services/schedules/schedule-mail-job';

/** Every job kind the consumer knows. */
export const JOB_HANDLERS: Record<string, JobHandler> = {
  [GENERATE_TOKENS_JOB]: generateTokensJob,
  [IMPORT_RESPONSES_JOB]: importResponsesJob,
  [IMPORT_ARCHIVE_JOB]: importArchiveJob,
  [LIME_SYNC_JOB]: limeSyncJob,
  [CUBE_BUILD_JOB]: cubeBuildJob,
  [EXPORT_PDF_JOB]: exportPdfJob,
  [CUBE_REBUILD_JOB]: cubeRebuildJob,
  [INVITATIONS_JOB]: invitationsJob,
  [ZKN_RATING_JOB]: ratingJobHandler,
  [SCHEDULE_RUN_JOB]: scheduleRunJob,
  [SCHEDULE_MAIL_JOB]: scheduleMailJob,
};
