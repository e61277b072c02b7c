import { existsSync, mkdirSync, rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startLibsqlServer } from '../../scripts/libsql-server';
import { migrateDatabase } from '../../scripts/migrate';
import { seedDatabase } from '../../scripts/seed';
import { freePort, startWorker } from '../../scripts/lib/worker-process';
import { TMP_DIR } from './paths';

declare module 'vitest' {
  export interface ProvidedContext {
    workerUrl: string;
    libsqlUrl: string;
  }
}

/**
 * The built Worker under workerd, talking to the local libSQL server over HTTP: the production
 * code path end to end. `npm test` builds first; run `npm run build` before this project alone.
 */
export default async function setup(project: TestProject) {
  if (!existsSync('dist/server/wrangler.json')) throw new Error('dist/ ontbreekt: draai eerst `npm run build`.');
  const dir = `${TMP_DIR}worker-${process.pid}`;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const db = await startLibsqlServer({ file: `${dir}/portal.db`, port: 0 });
  await migrateDatabase(db.url);
  await seedDatabase(db.url);
  const worker = await startWorker({ port: await freePort(), libsqlUrl: db.url, persistTo: `${dir}/wrangler` });
  project.provide('workerUrl', worker.url);
  project.provide('libsqlUrl', db.url);
  return async () => {
    await worker.stop();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  };
}
