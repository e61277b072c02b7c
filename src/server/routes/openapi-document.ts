import type { Hono } from 'hono';
import { generateSpecs } from 'hono-openapi';
import type { OpenAPIV3_1 } from 'openapi-types';
import { CSRF_HEADER, SESSION_COOKIE } from '../auth/cookies';
import { isRowIdName, ROW_ID } from '../http/row-id';
import { accessOf, type Access } from '../middleware/guards';

/**
 * The OpenAPI 3.1 document of the app, read from the app itself: hono-openapi collects every route
 * and the zod schemas its `input.*` middleware validates with (http/input.ts); this adds what the
 * guards declare (login, roles), the security schemes, the envelopes and the status codes of
 * ARCHITECTURE §1a. Built on the first request for it and kept for the isolate's life.
 */
type Operation = OpenAPIV3_1.OperationObject;
type AnyHono = Hono<any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const documents = new WeakMap<AnyHono, Promise<OpenAPIV3_1.Document>>();

export function openApiDocument(app: AnyHono): Promise<OpenAPIV3_1.Document> {
  let document = documents.get(app);
  if (!document) {
    document = buildDocument(app);
    documents.set(app, document);
    document.catch(() => documents.delete(app));
  }
  return document;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const MUTATING = new Set(['post', 'put', 'delete', 'patch']);

async function buildDocument(app: AnyHono): Promise<OpenAPIV3_1.Document> {
  const generated = (await generateSpecs(app, {
    includeEmptyPaths: true,
    excludeStaticFile: false,
    defaultValidationErrorResponse: false,
    exclude: [/^(?!\/portal\/(api\/v2|auth)\/)/],
  })) as OpenAPIV3_1.Document;
  const access = accessByOperation(app);
  const paths: OpenAPIV3_1.PathsObject = {};
  for (const path of Object.keys(generated.paths ?? {}).sort()) {
    const item = generated.paths![path]!;
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) describeOperation(operation, method, path, access.get(`${method} ${path}`));
    }
    paths[path] = item;
  }
  return {
    openapi: '3.1.0',
    info: INFO,
    tags: TAGS.map(([name, description]) => ({ name, description })),
    paths,
    components: { ...generated.components, schemas: { ...generated.components?.schemas, ...SCHEMAS }, responses: RESPONSES, securitySchemes: SECURITY_SCHEMES },
  };
}

/** `get /portal/api/v2/report/{id}` → the access rule of the route's guard. */
function accessByOperation(app: AnyHono): Map<string, Access> {
  const result = new Map<string, Access>();
  for (const route of app.routes) {
    const access = accessOf(route.handler);
    if (!access || route.method === 'ALL') continue;
    result.set(`${route.method.toLowerCase()} ${route.path.replace(/:(\w+)(\{[^}]*\})?\??/g, '{$1}')}`, access);
  }
  return result;
}

function describeOperation(operation: Operation, method: string, path: string, access: Access | undefined): void {
  const mutating = MUTATING.has(method);
  const auth = path.startsWith('/portal/auth/');
  operation.tags = [tagOf(path)];
  operation.summary ??= `${method.toUpperCase()} ${path.replace(/^\/portal\/(api\/v2|auth)/, '')}`;
  const lines: string[] = [];
  if (access?.kind === 'role') {
    (operation as Record<string, unknown>)['x-roles'] = access.roles;
    lines.push(`Vereist een van de rollen: ${access.roles.map((r) => `\`${r}\``).join(', ')}.`);
  } else if (access?.kind === 'login') {
    lines.push('Vereist een ingelogde gebruiker (geen specifieke rol).');
  } else {
    lines.push('Zonder inloggen.');
  }
  if (operation.description) lines.push(operation.description);
  operation.description = lines.join('\n\n');

  // Tokens work on the logged-in API only (middleware/session.ts); a browser session needs the XSRF header on writes.
  const cookie: OpenAPIV3_1.SecurityRequirementObject = mutating ? { sessionCookie: [], xsrfHeader: [] } : { sessionCookie: [] };
  if (access?.kind === 'public' || !access) operation.security = mutating ? [{ xsrfHeader: [] }] : [];
  else operation.security = auth ? [cookie] : [{ bearerAuth: [] }, cookie];

  operation.parameters = pathParameters(operation.parameters, path);

  const responses = (operation.responses ??= {});
  // A route that declares no answer of its own (http/output.ts) answers with the envelope.
  const success = responses['200'] as OpenAPIV3_1.ResponseObject | undefined;
  if (success && !success.content && !success.description) delete responses['200'];
  if (!Object.keys(responses).some((status) => status.startsWith('2'))) {
    responses[method === 'post' ? '2XX' : '200'] = { $ref: method === 'post' ? '#/components/responses/Created' : '#/components/responses/Ok' };
  }
  const body = operation.requestBody !== undefined;
  const validated = body || (operation.parameters ?? []).some((p) => '$ref' in p || p.in === 'query');
  if (body) responses['400'] ??= ref('BadRequest');
  if (access && access.kind !== 'public') responses['401'] ??= ref('Unauthenticated');
  if (access?.kind === 'role') responses['403'] ??= ref('Forbidden');
  if (path.includes('{')) responses['404'] ??= ref('NotFound');
  if (body) responses['413'] ??= ref('TooLarge');
  if (mutating) responses['419'] ??= ref('CsrfMismatch');
  if (validated) responses['422'] ??= ref('ValidationFailed');
  responses['500'] ??= ref('InternalError');
}

/**
 * Path parameters as the path names them: a schema shared by routes with and without an optional
 * segment (surveys-structure's `{lang}`) lists only this path's, all required; an id that no
 * schema declares is documented as idParam reads it.
 */
function pathParameters(parameters: Operation['parameters'], path: string): Operation['parameters'] {
  const names = new Set([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
  return (parameters ?? [])
    .filter((p) => '$ref' in p || p.in !== 'path' || names.has(p.name))
    .map((p) => {
      if ('$ref' in p || p.in !== 'path') return p;
      const plain = JSON.stringify(p.schema) === '{"type":"string"}';
      return { ...p, required: true, schema: plain && isRowIdName(p.name) ? { type: 'string', pattern: ROW_ID.source } : p.schema };
    });
}

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** Tags by the first path segment: the portal's domains. */
const TAGS: [string, string, RegExp][] = [
  ['Authenticatie', 'Inloggen, tweestapsverificatie, wachtwoord, uitnodigingen en panelregistratie (`/portal/auth`).', /^\/portal\/auth\//],
  ['Documentatie', 'Dit document.', /^\/portal\/api\/v2\/openapi\.json$/],
  ['Openbare rapportages', 'Gegevens van rapportages met directe toegang, zonder inloggen.', /^\/portal\/api\/v2\/public\//],
  ['Rapportagedata', 'Cijfers van een rapportage per grafiek en benchmark.', /^\/portal\/api\/v2\/(data|rchartOptions)\b/],
  ['Rapportages', 'Rapportages, secties, grafieken, datalocaties, teksten, widgets, bladwijzers en lezers.', /^\/portal\/api\/v2\/(report|section|chart|dataLocation|text|widget)\b/],
  ['Filters', 'Filtercategorieën, -opties en -voorwaarden.', /^\/portal\/api\/v2\/filterCategory\b/],
  ['Projecten', 'Projecten, leden, licenties, berichten, bestanden en indicatoren.', /^\/portal\/api\/v2\/(project|license|indicator)\b/],
  ['Enquêtes', 'Enquêtes, structuur, tokens, respons, veldwerk en LimeSurvey.', /^\/portal\/api\/v2\/survey\b/],
  ['Panels', 'Panels, panelvelden en panelleden.', /^\/portal\/api\/v2\/panel\b/],
  ['Gebruikers', 'Gebruikers, toegang, API-tokens en panelantwoorden.', /^\/portal\/api\/v2\/(user|invite)\b/],
  ['Organisaties', "Organisaties en thema's.", /^\/portal\/api\/v2\/(company|theme)\b/],
  ['Zorgkaart', 'Zorgaanbieders en beoordelingstaken.', /^\/portal\/api\/v2\/(zkn|ratingJob)\b/],
  ['Beheer', 'Beheerderstaken: toegangsverzoeken, losse eindjes, prullenbak, bestanden, audit.', /^\/portal\/api\/v2\/admin\b/],
  ['Account en sessie', 'Opstartgegevens, tweestapsverificatie, taken, vragen en feedback.', /^\/portal\/api\/v2\//],
];

export function tagOf(path: string): string {
  return TAGS.find(([, , pattern]) => pattern.test(path))![0];
}

const INFO: OpenAPIV3_1.InfoObject = {
  title: 'ImpulZ portaal-API',
  version: '2',
  description:
    'De API van het ImpulZ-portaal, gegenereerd uit de zod-schema’s waarmee de routes hun invoer controleren. ' +
    'Antwoorden zijn JSON in een envelop `{ data, meta?, alert? }`; fouten `{ message, code, errors? }` met Nederlandse meldingen. ' +
    'Integraties gebruiken een persoonlijk API-token (`Authorization: Bearer …`, aan te maken op het profiel van een gebruiker); ' +
    'de browser gebruikt de sessiecookie met het XSRF-token in de header `X-XSRF-TOKEN` bij wijzigingen.',
};

const SECURITY_SCHEMES: Record<string, OpenAPIV3_1.SecuritySchemeObject> = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description:
      'Persoonlijk API-token. Scopes: `reports:read` (projecten en rapportages lezen, data en export) en `responses:upload` (respons uploaden). ' +
      'Een token kan nooit meer dan de rollen van zijn eigenaar. Alleen op `/portal/api/v2` (niet op `/public`); CSRF is dan niet nodig.',
  },
  sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Sessie na `POST /portal/auth/login`.' },
  xsrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: CSRF_HEADER,
    description: 'De waarde van de cookie `XSRF-TOKEN` (van `GET /portal/auth/csrf-cookie`), bij elke wijzigende aanroep zonder Bearer-token.',
  },
};

const SCHEMAS: Record<string, OpenAPIV3_1.SchemaObject> = {
  Envelope: {
    type: 'object',
    description: 'Succesvol antwoord.',
    properties: {
      data: { description: 'Het resultaat.' },
      meta: { type: 'object', description: 'Bijvoorbeeld `dutch` (de Nederlandse naam van het type) of totalen bij lijsten.', additionalProperties: true },
      alert: { type: 'string', description: 'Een Nederlandse succesmelding.' },
    },
    required: ['data'],
  },
  Error: {
    type: 'object',
    description: 'Foutantwoord.',
    properties: {
      message: { type: 'string', description: 'Nederlandse foutmelding voor de gebruiker.' },
      code: { type: 'string', description: 'Machinecode, bijvoorbeeld `VALIDATION`, `NOT_FOUND`, `FORBIDDEN`.' },
      errors: {
        type: 'object',
        description: 'Bij 422: per veld (pad met punten) de Nederlandse meldingen.',
        additionalProperties: { type: 'array', items: { type: 'string' } },
      },
      requestId: { type: 'string', description: 'Bij 500: het id waaronder de fout is gelogd.' },
    },
    required: ['message', 'code'],
  },
};

const json = (schema: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } });
const error = (description: string) => ({ description, content: json('Error') });

const RESPONSES: Record<string, OpenAPIV3_1.ResponseObject> = {
  Ok: { description: 'Gelukt.', content: json('Envelope') },
  Created: { description: 'Gelukt: 200, of 201 als er iets is aangemaakt, 202 als er een taak is gestart.', content: json('Envelope') },
  BadRequest: error('Ongeldig verzoek (bijvoorbeeld geen geldige JSON).'),
  Unauthenticated: error('Niet ingelogd, of het API-token is ongeldig, ingetrokken of verlopen.'),
  Forbidden: error('De gebruiker (of het token) heeft geen van de vereiste rollen.'),
  NotFound: error('Bestaat niet of hoort niet bij uw organisatie.'),
  TooLarge: error('Het verzoek is te groot.'),
  CsrfMismatch: error('XSRF-token ontbreekt of klopt niet (alleen bij sessiecookies).'),
  ValidationFailed: error('Niet alle velden zijn correct ingevuld; `errors` noemt ze per veld.'),
  InternalError: error('Onverwachte fout; `requestId` verwijst naar de log.'),
};
