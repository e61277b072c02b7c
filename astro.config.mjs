// @ts-check
import { defineConfig } from 'astro/config';
import cloudflare from '@astrojs/cloudflare';
import react from '@astrojs/react';
import UnoCSS from '@unocss/astro';
import { createHash } from 'node:crypto';
import { hranaGracefulClose } from './scripts/vite/hrana-graceful-close.ts';
import { BENCHMARK_PIN_JS } from './src/components/shell/benchmark-pin-script.ts';
import { DROP_GUARD_JS } from './src/components/shell/drop-guard-script.ts';

/** @type {(text: string) => `sha256-${string}`} */
const sha256 = (text) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

// Every URL of the spec lives under /portal. Pages render on the server (workerd); the request
// pipeline is src/fetch.ts (Hono), which hands page requests to Astro last.
export default defineConfig({
  base: '/portal',
  trailingSlash: 'ignore',
  output: 'server',
  adapter: cloudflare({ imageService: 'passthrough' }),
  integrations: [react(), UnoCSS({ injectReset: '@unocss/reset/tailwind.css' })],
  // Astro hashes its inline scripts/styles into a CSP <meta>; src/server/app.ts adds the header
  // directives a <meta> can't carry (frame-ancestors …). Origin checks are our CSRF middleware's.
  // The hand-written inline scripts that must run before the first paint — the early drop guard
  // (DropGuard.astro) and the benchmark menu's pin state (BenchmarkAside.astro) — are allowed by
  // their hashes; Astro hashes only the scripts it bundles.
  security: { checkOrigin: false, csp: { scriptDirective: { hashes: [DROP_GUARD_JS, BENCHMARK_PIN_JS].map(sha256) } } },
  server: { host: '127.0.0.1', port: Number(process.env.PORT ?? 4321) },
  // Sessions are ours (src/server/auth, libSQL), not Astro's KV-backed ones.
  session: false,
  devToolbar: { enabled: false },
  // One graceful-close error per isolate instead of one per libSQL call (see the plugin).
  // IMPULZ_BUILD: this build's id, part of the public page's ETag (a deploy renders differently).
  // The Worker's bundle: ASCII only, without JSDoc. V8 keeps every module's source text in the
  // isolate's heap, and one non-Latin-1 character ('—' in a Dutch text) makes a whole chunk a
  // two-byte string (heap 24.3 → 18.5 MB; README "Quiet rerun on a new machine"). The client's
  // bundles keep UTF-8: escaping would only make them longer.
  vite: {
    plugins: [hranaGracefulClose()],
    define: { 'import.meta.env.IMPULZ_BUILD': JSON.stringify(Date.now().toString(36)) },
    environments: { ssr: { build: { rolldownOptions: { output: { charset: 'ascii', comments: { legal: true, annotation: true, jsdoc: false } } } } } },
  },
});
