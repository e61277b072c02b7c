import { createClient } from '@libsql/client/web';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createDb } from '../../src/server/db/client';
import { r2FileStore } from '../../src/server/files/store';
import { inlineJobSystem } from '../../src/server/jobs/enqueue';
import { importSurvey } from '../../src/server/services/surveys/import-survey';
import { fsBucket } from '../../tests/helpers/file-stores';
import { serviceContextFor } from '../../tests/helpers/service-context';
import { spawn } from 'node:child_process';
import { freePort } from '../lib/worker-process';
import { migrateDatabase } from '../migrate';
import { seedDatabase } from '../seed';
import { JOB_KINDS } from '../../src/server/job-kinds';

export const FIXTURES = fileURLToPath(new URL('../../tests/fixtures/limesurvey/', import.meta.url));

/**
 * A fresh database behind the local libSQL server, reached over HTTP with the web client the
 * Worker uses; one fixture survey imported; jobs run inline with files on disk.
 */
export async function benchSetup(name: string, fixture = 'ls205_sample_survey_english.lss') {
  const dir = fileURLToPath(new URL(`../../.tmp/bench-${name}-${process.pid}/`, import.meta.url));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const server = await startServerProcess(`${dir}portal.db`);
  await migrateDatabase(server.url);
  await seedDatabase(server.url);
  const client = createClient({ url: server.url });
  const db = createDb(client as never);
  const files = r2FileStore(fsBucket(`${dir}files`));
  const ctx = { ...(await serviceContextFor(db, 2)), jobs: inlineJobSystem(JOB_KINDS, db, files) };
  const { id } = await importSurvey(ctx, { xml: readFileSync(FIXTURES + fixture, 'utf8'), confirmDuplicate: true });
  return {
    dir, db, client, ctx, surveyId: id, url: server.url,
    close: async () => {
      client.close();
      server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** scripts/libsql-server.ts in its own process, so the figures measure the importer alone. */
async function startServerProcess(file: string) {
  const port = await freePort();
  const tsx = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url));
  const script = fileURLToPath(new URL('../libsql-server.ts', import.meta.url));
  const child = spawn(process.execPath, [tsx, script, '--port', String(port), '--file', file], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`libsql server exited with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
  });
  return { url: `http://127.0.0.1:${port}`, close: () => child.kill('SIGTERM') };
}
