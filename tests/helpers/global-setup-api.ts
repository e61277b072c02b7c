import { mkdirSync, rmSync } from 'node:fs';
import { migrateDatabase } from '../../scripts/migrate';
import { seedDatabase } from '../../scripts/seed';
import { TEMPLATE_DB, TMP_DIR } from './paths';

/** Migrates and seeds one template database per run; each test file works on its own copy. */
export default async function setup(): Promise<void> {
  mkdirSync(TMP_DIR, { recursive: true });
  rmSync(TEMPLATE_DB, { force: true });
  await migrateDatabase(`file:${TEMPLATE_DB}`);
  await seedDatabase(`file:${TEMPLATE_DB}`);
}
