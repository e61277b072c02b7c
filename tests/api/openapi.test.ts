import { readdirSync, readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { input } from '../../src/server/http/input';
import { openApiDocument } from '../../src/server/routes/openapi-document';
import { onError } from '../../src/server/middleware/errors';
import { publicAccess } from '../../src/server/middleware/guards';
import { createTestApp } from '../helpers/test-app';

const t = createTestApp();
afterAll(() => t.close());

type Doc = Awaited<ReturnType<typeof openApiDocument>>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Every registered API and auth route (not middleware) as `get /portal/api/v2/report/{id}`. */
function routesOf(app: { routes: { method: string; path: string }[] }): string[] {
  const keys = app.routes
    .filter((r) => r.method !== 'ALL' && /^\/portal\/(api\/v2|auth)\//.test(r.path))
    .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:(\w+)(\{[^}]*\})?\??/g, '{$1}')}`);
  return [...new Set(keys)];
}

function operationsOf(doc: Doc): Set<string> {
  const keys = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) for (const m of METHODS) if (item?.[m]) keys.add(`${m} ${path}`);
  return keys;
}

async function fetchDocument(): Promise<Doc> {
  const res = await t.session().get('/portal/api/v2/openapi.json');
  expect(res.status).toBe(200);
  return (await res.json()) as Doc;
}

describe('GET /portal/api/v2/openapi.json', () => {
  it('answers without login, cacheable, and is a valid OpenAPI 3.1 document', { timeout: 30_000 }, async () => {
    const res = await t.session().get('/portal/api/v2/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const doc = (await res.json()) as Doc;
    expect(doc.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every route of the router, with method, and nothing else', async () => {
    const doc = await fetchDocument();
    const routes = routesOf(t.app);
    expect(routes.length).toBeGreaterThan(250);
    const documented = operationsOf(doc);
    expect(routes.filter((r) => !documented.has(r)), 'routes missing from openapi.json').toEqual([]);
    expect([...documented].filter((o) => !routes.includes(o))).toEqual([]);
  });

  it('would notice a route the document leaves out', async () => {
    const app = new Hono().get('/portal/api/v2/a', publicAccess, (c) => c.text('a'));
    const doc = await openApiDocument(app);
    app.get('/portal/api/v2/b', publicAccess, (c) => c.text('b')); // added after the document was built (cached)
    expect(routesOf(app).filter((r) => !operationsOf(doc).has(r))).toEqual(['get /portal/api/v2/b']);
  });

  it('describes the report-data call: path parameters, request body from its zod schema, roles, envelopes, security', async () => {
    const doc = await fetchDocument();
    const op = doc.paths!['/portal/api/v2/data/{version}/{lang}/report/{id}']!.post!;
    expect(op.tags).toEqual(['Rapportagedata']);
    expect((op as Record<string, unknown>)['x-roles']).toEqual(['dashboard.view']);
    expect(op.parameters?.map((p) => ('name' in p ? `${p.in} ${p.name}` : p.$ref))).toEqual(['path version', 'path lang', 'path id']);
    const body = (op.requestBody as { content: Record<string, { schema: { properties?: Record<string, unknown> } }> }).content['application/json']!.schema;
    expect(Object.keys(body.properties ?? {})).toContain('benchmarks');
    expect(Object.keys(op.responses ?? {})).toEqual(expect.arrayContaining(['200', '304', '401', '403', '404', '419', '422']));
    expect(op.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [], xsrfHeader: [] }]);
    expect(doc.components?.securitySchemes).toHaveProperty('bearerAuth');
    expect(doc.components?.schemas?.Error?.required).toEqual(['message', 'code']);
  });

  it('documents query parameters, uploads, public and login-only routes', async () => {
    const doc = await fetchDocument();
    const list = doc.paths!['/portal/api/v2/report']!.get!;
    expect(list.parameters?.map((p) => ('name' in p ? `${p.in} ${p.name}` : p.$ref))).toEqual(expect.arrayContaining(['query archived', 'query project_id']));
    const upload = doc.paths!['/portal/api/v2/survey/import']!.post!.requestBody as { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
    expect(Object.keys(upload.content['multipart/form-data']!.schema.properties ?? {})).toEqual(expect.arrayContaining(['file', 'project_id']));
    expect(doc.paths!['/portal/auth/login']!.post!.security).toEqual([{ xsrfHeader: [] }]);
    expect(doc.paths!['/portal/api/v2/openapi.json']!.get!.security).toEqual([]);
    expect(doc.paths!['/portal/api/v2/bootstrap']!.get!.description).toContain('ingelogde gebruiker');
  });

  it('documents files, empty answers and the message upload as the routes answer them', async () => {
    const doc = await fetchDocument();
    const op = (path: string, method: (typeof METHODS)[number]) => doc.paths![`/portal/api/v2${path}`]![method]!;
    const types = (o: { responses?: Record<string, unknown> }, status: string) => Object.keys((o.responses?.[status] as { content?: object } | undefined)?.content ?? {});
    expect(types(op('/survey/{id}/token/export', 'get'), '200')).toEqual(['text/csv']);
    expect(types(op('/survey/{id}/weighting/{wid}/weights', 'get'), '200')).toEqual(['text/csv']);
    const pdf = op('/report/{id}/export', 'post');
    expect(types(pdf, '200')).toEqual(['application/pdf']);
    expect(types(pdf, '202')).toEqual(['application/json']);
    expect(Object.keys(op('/project/{id}/file/{fid}', 'get').responses ?? {})).toEqual(expect.arrayContaining(['200', '206', '416']));
    const logout = doc.paths!['/portal/auth/logout']!.post!;
    expect(Object.keys(logout.responses ?? {}).filter((s) => s.startsWith('2'))).toEqual(['204']);
    const message = op('/project/{id}/message', 'post').requestBody as { content: Record<string, { schema: { properties?: Record<string, { type?: string; maxItems?: number }> } }> };
    const fields = message.content['multipart/form-data']!.schema.properties ?? {};
    expect(Object.keys(fields).sort()).toEqual(['body', 'files']);
    expect(fields.files).toMatchObject({ type: 'array', maxItems: 10 });
  });

  it('keeps every file, empty or ETag answer declared: a handler that writes its own body names its answer with output.*', () => {
    const offenders: string[] = [];
    for (const file of readdirSync('src/server/routes')) {
      const routes = readFileSync(`src/server/routes/${file}`, 'utf8').split(/\n\s*\.(?=(?:get|post|put|delete|patch)\(')/);
      for (const route of routes.slice(1)) {
        if (/c\.body\(|new Response\(|pdfResponse\(/.test(route) && !/output\.\w+\(|, figures, /.test(route)) offenders.push(`${file}: ${route.slice(0, 60)}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('builds the document once per app', async () => {
    expect(await openApiDocument(t.app)).toBe(await openApiDocument(t.app));
  });
});

describe('input middleware', () => {
  const Body = z.object({ name: z.string().min(2, 'Minimaal 2 tekens') });
  const app = new Hono()
    .post('/x/:id', input.params(z.object({ id: z.coerce.number().int().positive() })), input.body(Body), (c) => c.json({ data: { ...c.req.valid('json'), id: c.req.valid('param').id } }))
    .get('/q', input.query(z.object({ n: z.coerce.number().int() })), (c) => c.json({ data: c.req.valid('query') }));
  app.onError(onError as never);
  const post = (path: string, body: string) => app.request(path, { method: 'POST', body, headers: { 'content-type': 'application/json' } });

  it('keeps the routes on the declared inputs: no validation inside handlers', () => {
    // The middleware is what puts a schema in the document; a handler that validates itself
    // would be validated but not documented. Uploads validate their form fields after reading the file.
    const allowed = /validate\((ImportFields|RatingJobFields), |readBody\(c, RatingJobSurveyInput\)/;
    const offenders: string[] = [];
    for (const file of readdirSync('src/server/routes')) {
      readFileSync(`src/server/routes/${file}`, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/readBody\(|validate\(|paramsOf\(|c\.req\.query\(\)|c\.req\.json\(\)/.test(line) && !allowed.test(line) && !/^import /.test(line)) offenders.push(`${file}:${i + 1}`);
        });
    }
    expect(offenders).toEqual([]);
  });

  it('answers as readBody/validate/paramsOf did: 404 for a bad id, 400 for bad JSON, 422 with Dutch field errors', async () => {
    expect((await post('/x/abc', '{}')).status).toBe(404);
    const malformed = await post('/x/1', '{');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ message: 'Het verzoek bevat geen geldige JSON.', code: 'BAD_REQUEST' });
    const invalid = await post('/x/1', '{"name":"a"}');
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toEqual({ message: 'Niet alle velden zijn correct ingevuld.', code: 'VALIDATION', errors: { name: ['Minimaal 2 tekens'] } });
    expect(await (await post('/x/7', '{"name":"ab"}')).json()).toEqual({ data: { name: 'ab', id: 7 } });
    expect((await app.request('/q?n=x')).status).toBe(422);
    expect(await (await app.request('/q?n=3')).json()).toEqual({ data: { n: 3 } });
  });
});
