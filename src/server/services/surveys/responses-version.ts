import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { surveys } from '../../db/schema';

/**
 * The update that bumps a survey's `responses_version` (cubes, report data and the public page's
 * cache follow it) without moving `updated_at`. Drizzle's `$onUpdateFn` would set `updated_at` on
 * every update that leaves it out, and `updated_at` means "the survey itself changed": it keys the
 * participation pages' form model (load-form-model.ts) and is the survey's 'last changed'. New or
 * removed responses are neither. Not awaited here, so it can join a batch.
 */
export function bumpResponsesVersion(db: Db, surveyId: number) {
  return db
    .update(surveys)
    .set({ responsesVersion: sql`${surveys.responsesVersion} + 1`, updatedAt: sql`${surveys.updatedAt}` })
    .where(eq(surveys.id, surveyId))
    .returning({ version: surveys.responsesVersion });
}
