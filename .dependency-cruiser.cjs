/**
 * The layers of src/ and the rule that keeps them (docs/architecture.md): `npm run deps`, and the
 * first step of `npm test`. Type-only imports count (tsPreCompilationDeps): a type cycle is still
 * a coupling. Bottom to top:
 *   shared ← server/analytics ← server base (env, errors) ← server/db ← server/auth and the
 *   adapters (files, mail, pdf, ai, jobs) ← server/context + server/http ← server/services ←
 *   server/routes + server/middleware ← composition root (app, worker-app, job-kinds, worker, fetch)
 *   islands and src/scripts (browser) use shared only; pages, layouts, components render on the
 *   server and may call services.
 * .astro files are not parsed by dependency-cruiser (no Astro transpiler); their .ts helpers are.
 */

const SERVER_BASE = '^src/server/(env|errors)[.]ts$';
const SERVER_ABOVE_SERVICES = '^src/server/(routes|middleware)/|^src/server/(app|worker-app|job-kinds)[.]ts$';
const COMPOSITION = '^src/server/(app|worker-app|job-kinds)[.]ts$|^src/(worker|fetch|middleware)[.]ts$';
const PAGE_LAYER = '^src/(pages|layouts|components)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles anywhere in src/, type-only imports included. Move the shared part down a layer, or hand a dependency in from above (as the job registry is).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-imports-only-shared',
      severity: 'error',
      comment: 'src/shared runs in the browser and on the server: it imports nothing of server, islands, components, pages or layouts. Pure helpers both sides need live in shared.',
      from: { path: '^src/shared/' },
      to: { path: '^src/', pathNot: '^src/shared/' },
    },
    {
      name: 'analytics-is-pure',
      severity: 'error',
      comment: 'src/server/analytics is the pure engine: no I/O, no database, no services, no packages; only itself and src/shared.',
      from: { path: '^src/server/analytics/' },
      to: { pathNot: '^src/(server/analytics|shared)/' },
    },
    {
      name: 'db-below-auth-and-services',
      severity: 'error',
      comment: 'src/server/db (client, schema, prepared statements) imports only analytics, shared and the server base (env, errors).',
      from: { path: '^src/server/db/' },
      to: { path: '^src/', pathNot: `^src/(shared|server/analytics|server/db)/|${SERVER_BASE}` },
    },
    {
      name: 'auth-below-services',
      severity: 'error',
      comment: 'src/server/auth (sessions, passwords, tokens, cookies) imports db, analytics, shared and the server base; never services, routes, middleware or the context.',
      from: { path: '^src/server/auth/' },
      to: { path: '^src/', pathNot: `^src/(shared|server/analytics|server/db|server/auth)/|${SERVER_BASE}` },
    },
    {
      name: 'adapters-below-services',
      severity: 'error',
      comment: 'The adapters (files, mail, pdf, ai) and the job machinery (jobs/) never import services, routes, middleware, the context or the composition root: the registry of job kinds is handed to them.',
      from: { path: '^src/server/(files|mail|pdf|ai|jobs)/' },
      to: { path: `^src/server/(services|routes|middleware|http)/|^src/server/context[.]ts$|${COMPOSITION}` },
    },
    {
      name: 'context-below-services',
      severity: 'error',
      comment: 'src/server/context.ts and src/server/http (the service context, request helpers) sit under the services.',
      from: { path: '^src/server/(context[.]ts$|http/)' },
      to: { path: `^src/server/(services|routes|middleware)/|${COMPOSITION}` },
    },
    {
      name: 'services-below-routes',
      severity: 'error',
      comment: 'Services never import routes, middleware or the composition root (so never the job registry: enqueue by kind name through ctx.jobs).',
      from: { path: '^src/server/services/' },
      to: { path: `${SERVER_ABOVE_SERVICES}|${COMPOSITION}` },
    },
    {
      name: 'routes-below-composition',
      severity: 'error',
      comment: 'Routes and middleware are mounted by the composition root (server/app.ts); they never import it.',
      from: { path: '^src/server/(routes|middleware)/' },
      to: { path: COMPOSITION },
    },
    {
      name: 'server-not-to-ui',
      severity: 'error',
      comment: 'Server code never imports pages, layouts, components or islands.',
      from: { path: '^src/server/' },
      to: { path: '^src/(pages|layouts|components|islands|scripts)/' },
    },
    {
      name: 'islands-use-shared-only',
      severity: 'error',
      comment: 'Islands and browser scripts run in the browser: they import src/shared (DTO types in src/shared/dto), never server code, components or pages.',
      from: { path: '^src/(islands|scripts)/' },
      to: { path: '^src/', pathNot: '^src/(islands|scripts|shared)/' },
    },
    {
      name: 'pages-not-to-routes',
      severity: 'error',
      comment: 'Pages, layouts and components call services; they never import routes, middleware or the composition root.',
      from: { path: PAGE_LAYER },
      to: { path: `${SERVER_ABOVE_SERVICES}|${COMPOSITION}` },
    },
    {
      name: 'pages-call-services',
      severity: 'error',
      comment: 'Pages, layouts and components call services; they never read src/server/db themselves. The four page helpers in pathNot still do and are to move into services; add none.',
      from: {
        path: PAGE_LAYER,
        pathNot: '^src/components/(projects/load-project-page|report-editor/load|report/load-report-page)[.]ts$|^src/pages/report/\\[id\\]/section/\\[sectionId\\]/chart/_load[.]ts$',
      },
      to: { path: '^src/server/db/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
