import { existsSync, mkdirSync, rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { startLocalStack } from '../../scripts/lib/local-stack';
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
  const stack = await startLocalStack({ dataDir: dir });
  project.provide('workerUrl', stack.url);
  project.provide('libsqlUrl', stack.libsqlUrl);
  return async () => {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
