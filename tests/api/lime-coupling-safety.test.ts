import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, limeConnections } from '../../src/server/db/schema';
import type { UserServiceContext } from '../../src/server/context';
import { limeSyncJob } from '../../src/server/services/lime/sync-job';
import { saveConnection } from '../../src/server/services/lime/connection';
import { listRemoteSurveys } from '../../src/server/services/lime/remote-surveys';
import { sealSecret } from '../../src/server/auth/secret-box';
import { startLimeServer } from '../helpers/lime-rpc-server';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import { serviceContextFor } from '../helpers/service-context';

/**
 * Probe findings 1–3: the LimeSurvey coupling follows no redirect, calls loopback addresses over
 * plain http only in development/test (the address checked on every call, not only when saved),
 * and answers every failure of the target with one Dutch sentence — the detail only in the audit
 * trail. Listeners on 127.0.0.1 are started here.
 */
const UNIFORM = 'De LimeSurvey-installatie gaf geen geldig antwoord';
const t = createSurveyTestApp();
const staff = t.session();
let lime: Awaited<ReturnType<typeof startLimeServer>>;
const servers: Server[] = [];

/** A listener on 127.0.0.1 answering every request with `handler`; counts its hits. */
async function listen(handler: (body: string, res: import('node:http').ServerResponse) => void) {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      hits.push(body);
      handler(body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/rc`, hits };
}

beforeAll(async () => {
  lime = await startLimeServer();
  expect((await staff.login('beheerder@demo.impulz.nl', 'ImpulZ-demo-2026!')).status).toBe(200);
});
afterAll(async () => {
  await lime.close();
  for (const s of servers) await new Promise<void>((resolve) => s.close(() => resolve()));
  t.close();
});

const put = (url: string, password = lime.password) => staff.fetch('/portal/api/v2/survey/lime', { method: 'PUT', json: { url, username: lime.username, password } });
const connections = async () => (await t.db.select({ n: count() }).from(limeConnections))[0]!.n;
const failures = () => t.db.select().from(auditLog).where(eq(auditLog.action, 'lime.failure'));

describe('LimeSurvey coupling safety', { timeout: 30_000 }, () => {
  it('finding 1: a redirect is never followed — the inner address gets nothing, the answer is the uniform error', async () => {
    const inner = await listen((_b, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 1, result: 'sessionkey', error: null })));
    const redirector = await listen((_b, res) => res.writeHead(302, { location: inner.url }).end());
    const res = await put(redirector.url);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: Record<string, string[]> }).errors).toEqual({ url: [UNIFORM] });
    expect(redirector.hits).toHaveLength(1);
    expect(inner.hits).toHaveLength(0);
    expect(await connections()).toBe(0);
    const [row] = (await failures()).slice(-1);
    expect(row!.summary).toContain('redirect 302');
    expect(row).toMatchObject({ userId: 2, companyId: 1, resource: 'lime_connection' });
  });

  it('finding 3: closed port, a non-LimeSurvey port, a JSON error and a wrong password all answer the same sentence; the detail is in the audit trail only', async () => {
    const closed = await listen(() => undefined);
    const closedUrl = closed.url;
    await new Promise<void>((resolve) => servers.pop()!.close(() => resolve()));
    const html = await listen((_b, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>nginx</html>'));
    const secret = await listen((_b, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 1, result: null, error: 'interne-geheime-melding' })));
    const teapot = await listen((_b, res) => res.writeHead(500).end('stack trace'));
    const before = (await failures()).length;
    const bodies: string[] = [];
    for (const [url, password] of [[closedUrl, lime.password], [html.url, lime.password], [secret.url, lime.password], [teapot.url, lime.password], [lime.url, 'fout']] as const) {
      const res = await put(url, password);
      expect(res.status, url).toBe(422);
      const text = await res.text();
      bodies.push(text);
      expect(JSON.parse(text).errors, url).toEqual({ url: [UNIFORM] });
    }
    expect(new Set(bodies.map((b) => b.replace(/"request_id":"[^"]*"/, ''))).size).toBe(1);
    expect(bodies.join()).not.toContain('interne-geheime-melding');
    const rows = (await failures()).slice(before);
    expect(rows).toHaveLength(5);
    expect(rows.map((r) => r.summary).join('\n')).toMatch(/unreachable[\s\S]*no JSON-RPC answer[\s\S]*interne-geheime-melding[\s\S]*HTTP 500[\s\S]*Invalid user name or password/i);
  });

  it('finding 2: in production plain http and loopback addresses are refused before any call; in test mode localhost works', async () => {
    const ctx = await serviceContextFor(t.db, 2);
    const production: UserServiceContext = { ...ctx, config: { ...ctx.config, appEnv: 'production', totpEncryptionKey: Buffer.alloc(32, 7).toString('base64') } };
    const calls = lime.calls.length;
    for (const url of [lime.url, lime.url.replace('http:', 'https:'), 'https://127.0.0.2/rc', 'https://[::1]/rc', 'https://10.0.0.5/rc', 'https://169.254.169.254/latest', 'https://localhost/rc', 'https://2130706433/rc']) {
      await expect(saveConnection(production, { url, username: lime.username, password: lime.password }), url).rejects.toMatchObject({ code: 'VALIDATION', errors: { url: ['Vul een geldige https-URL in'] } });
    }
    expect(lime.calls.length).toBe(calls);
    expect(await connections()).toBe(0);
    // The same address in test mode: saved (the tests' and developers' local LimeSurvey).
    expect((await put(lime.url)).status).toBe(200);
    expect(lime.calls.length).toBeGreaterThan(calls);
  });

  it('the address is checked on every call: a stored loopback address is not called in production, by a request or by the sync job', async () => {
    const ctx = await serviceContextFor(t.db, 2);
    const key = Buffer.alloc(32, 7).toString('base64');
    const production: UserServiceContext = { ...ctx, config: { ...ctx.config, appEnv: 'production', totpEncryptionKey: key } };
    await t.db.update(limeConnections).set({ passwordSealed: await sealSecret(lime.password, key) });
    const calls = lime.calls.length;
    await expect(listRemoteSurveys(production)).rejects.toMatchObject({ code: 'FAILED_DEPENDENCY', message: UNIFORM });
    const [conn] = await t.db.select().from(limeConnections);
    const job = { id: 1, kind: 'lime.sync', payload: { surveyId: 1 }, createdBy: 2 } as never;
    // The job of a linked survey (link made here): production deps (no appEnv) refuse the stored address.
    const { limeSurveyLinks } = await import('../../src/server/db/schema');
    await t.db.insert(limeSurveyLinks).values({ surveyId: 1, connectionId: conn!.id, lsSid: lime.sid });
    await expect(limeSyncJob({ db: t.db, files: t.files, now: () => new Date(), secretKey: key }, job, async () => undefined)).rejects.toMatchObject({ message: UNIFORM });
    expect(lime.calls.length).toBe(calls);
    expect((await failures()).slice(-2).map((r) => r.summary)).toEqual([expect.stringMatching(/^lime\.surveys\.list: address refused \(production\)/), expect.stringMatching(/^lime\.sync: address refused \(production\)/)]);
  });
});
