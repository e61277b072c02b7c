import { eq } from 'drizzle-orm';
import { type Cube, CubeCache, deserializeCube, serializeCube } from '../../analytics';
import type { Db } from '../../db/client';
import { surveys } from '../../db/schema';
import { AppError, nl } from '../../errors';
import type { FileStore } from '../../files/store';
import { type BuildOptions, buildSurveyCube } from './build-survey-cube';

/** Isolate-memory LRU shared by every request of this isolate (keyed by survey id + version). */
export const cubeCache = new CubeCache();

/** R2 key of a survey's cube blob for one responses version. */
export const cubeBlobKey = (surveyId: number, version: number) => `cubes/${surveyId}/${version}.bin`;

export interface CubeDeps {
  db: Db;
  /** ctx.jobs.files (R2 FILES) in the Worker; without it the cube is built and only cached in memory. */
  files?: FileStore;
}

async function readBlob(files: FileStore, key: string): Promise<Cube | null> {
  const file = await files.get(key);
  if (!file) return null;
  const bytes = new Uint8Array(await new Response(file.body).arrayBuffer());
  try {
    return deserializeCube(bytes);
  } catch {
    return null; // an older format or a damaged blob: rebuild
  }
}

/**
 * Builds the cube from libSQL and stores it as the blob of the version it was built from; the blob
 * of the version before is removed. `opts`: BACKGROUND_BUILD for a job (it pauses between row
 * chunks so the isolate's requests go on meanwhile).
 */
export async function buildAndStoreCube(deps: CubeDeps, surveyId: number, opts?: BuildOptions): Promise<Cube> {
  const { cube, version } = await buildSurveyCube(deps.db, surveyId, opts);
  if (deps.files) {
    await deps.files.put(cubeBlobKey(surveyId, version), serializeCube(cube), 'application/octet-stream');
    // The previous version is superseded (an isolate still asking for it rebuilds the current one).
    if (version > 0) await deps.files.delete(cubeBlobKey(surveyId, version - 1));
  }
  cubeCache.set(cube);
  return cube;
}

/** The survey's current responses version (404 for a missing or deleted survey). */
export async function responsesVersionOf(db: Db, surveyId: number): Promise<number> {
  const [row] = await db.select({ version: surveys.responsesVersion, deletedAt: surveys.deletedAt }).from(surveys).where(eq(surveys.id, surveyId));
  if (!row || row.deletedAt) throw new AppError('NOT_FOUND', nl.notFound);
  return row.version;
}

/**
 * The cube of (survey, responses version): isolate cache → R2 blob → built from libSQL and
 * stored. The caller has already checked that the user may see the survey.
 */
export async function loadCube(deps: CubeDeps, surveyId: number, version?: number): Promise<Cube> {
  const v = version ?? (await responsesVersionOf(deps.db, surveyId));
  return cubeCache.getOrLoad(surveyId, v, async () => {
    const stored = deps.files ? await readBlob(deps.files, cubeBlobKey(surveyId, v)) : null;
    if (stored && stored.surveyId === surveyId && stored.version === v) return stored;
    // Responses that changed meanwhile give a newer cube: cached under its own version.
    return buildAndStoreCube(deps, surveyId);
  });
}
