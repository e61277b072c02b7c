import { createClient } from '@libsql/client';
import { copyFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { createApp } from '../../src/server/app';
import { createDb } from '../../src/server/db/client';
import type { Bindings } from '../../src/server/env';
import { r2FileStore } from '../../src/server/files/store';
import { runJob } from '../../src/server/jobs/run-job';
import type { JobMessage } from '../../src/server/jobs/types';
import { HttpSession } from './http-session';
import { memoryBucket } from './file-stores';
import { TEMPLATE_DB, TMP_DIR } from './paths';

/**
 * The Hono app on a private copy of the template database, with the two bindings jobs need:
 * FILES as an in-memory bucket and JOBS as a queue double that delivers each message at once
 * (same runJob as the Worker's consumer, retries without the wait).
 */
export function createSurveyTestApp() {
  const file = `${TMP_DIR}api-${randomUUID()}.db`;
  copyFileSync(TEMPLATE_DB, file);
  const client = createClient({ url: `file:${file}` });
  const db = createDb(client);
  const bucket = memoryBucket();
  const files = r2FileStore(bucket);
  const sent: JobMessage[] = [];
  let deliver = true;
  const queue = {
    async send(message: JobMessage) {
      sent.push(message);
      if (deliver) while ((await runJob({ db, files, now: () => new Date() }, message.jobId)) === 'retry');
    },
  };
  const app = createApp({ db: () => db });
  const env: Bindings = { APP_ENV: 'test', LIBSQL_URL: `file:${file}`, FILES: bucket as unknown as R2Bucket, JOBS: queue as unknown as Queue };
  const fetcher = (url: string, init?: RequestInit) => Promise.resolve(app.request(url, init, env));
  return {
    app, db, client, bucket, files, sent,
    /** Hold deliveries (to observe queued jobs); `false` → messages are only recorded. */
    setDelivery: (on: boolean) => void (deliver = on),
    session: (origin = 'http://localhost') => new HttpSession(fetcher, origin),
    close: () => client.close(),
  };
}
