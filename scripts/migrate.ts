import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

/** Applies the committed drizzle-kit migrations to any libSQL URL (file:, http://, libsql://). */
export async function migrateDatabase(url: string, authToken?: string): Promise<void> {
  const client = createClient({ url, authToken });
  try {
    await client.execute('PRAGMA foreign_keys = ON');
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    client.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const url = process.argv[2] ?? process.env.LIBSQL_URL;
  if (!url) {
    console.error('Gebruik: npm run db:migrate -- <libsql-url>   (of zet LIBSQL_URL)');
    process.exit(2);
  }
  await migrateDatabase(url, process.env.LIBSQL_AUTH_TOKEN);
  console.log(`Migraties toegepast op ${url}`);
}
