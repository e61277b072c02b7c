import { createClient } from '@libsql/client';
import { pathToFileURL } from 'node:url';
import { createDb } from '../src/server/db/client';
import { seedDemo } from './seed/demo';
import { DEMO_PASSWORD, USERS } from './seed/data';
import { demoAccountsText } from './seed/accounts';

export async function seedDatabase(url: string, authToken?: string): Promise<void> {
  const client = createClient({ url, authToken });
  try {
    await seedDemo(createDb(client));
  } finally {
    client.close();
  }
}

export function demoLoginsText(): string {
  const lines = USERS.slice(0, 4).map((u) => `  ${u.email.padEnd(28)} ${u.group}${u.twoFactor ? ' (tweestaps: TOTP-geheim JBSWY3DPEHPK3PXP, alleen demo)' : ''}`);
  return `Demo-logins (wachtwoord ${DEMO_PASSWORD}):\n${lines.join('\n')}\n${demoAccountsText()}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const url = process.argv[2] ?? process.env.LIBSQL_URL;
  if (!url) {
    console.error('Gebruik: npm run db:seed -- <libsql-url>   (of zet LIBSQL_URL)');
    process.exit(2);
  }
  await seedDatabase(url, process.env.LIBSQL_AUTH_TOKEN);
  console.log(`Demodata geladen in ${url}\n${demoLoginsText()}`);
}
