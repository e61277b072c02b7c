import { startLibsqlServer } from '../libsql-server.ts';
import { migrateDatabase } from '../migrate.ts';
import { seedDatabase } from '../seed.ts';
import { freePort, startWorker } from './worker-process.ts';

export interface LocalStack {
  /** The Worker's origin, e.g. http://127.0.0.1:4321 */
  url: string;
  libsqlUrl: string;
  /** The Worker isolate's inspector (wrangler's DevTools proxy), for the memory benchmarks. */
  inspectorPort: number;
  /** Simulated network latency per database round trip (the local libSQL server's delay). */
  setDbDelay(ms: number): void;
  stop(): Promise<void>;
}

/**
 * The whole portal locally, as `npm start`, the worker tests and the benchmarks run it: the libSQL
 * server on `dataDir/portal.db` (migrated and seeded with the demo data) and the built Worker
 * under workerd with its R2/Queue state in `dataDir/wrangler`.
 */
export async function startLocalStack(opts: { dataDir: string; port?: number; libsqlPort?: number; verbose?: boolean; dbDelayMs?: number }): Promise<LocalStack> {
  const db = await startLibsqlServer({ file: `${opts.dataDir}/portal.db`, port: opts.libsqlPort ?? 0 });
  try {
    await migrateDatabase(db.url);
    await seedDatabase(db.url);
    // The simulated network latency starts after setting up, so migrating and seeding stay fast.
    db.setDelay(opts.dbDelayMs ?? 0);
    const worker = await startWorker({
      port: opts.port ?? (await freePort()),
      libsqlUrl: db.url,
      persistTo: `${opts.dataDir}/wrangler`,
      verbose: opts.verbose,
    });
    return {
      url: worker.url,
      libsqlUrl: db.url,
      inspectorPort: worker.inspectorPort,
      setDbDelay: (ms) => db.setDelay(ms),
      async stop() {
        await worker.stop();
        await db.close();
      },
    };
  } catch (err) {
    await db.close();
    throw err;
  }
}
