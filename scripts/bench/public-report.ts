/**
 * Public report budget (issue 8): a public report of 20 charts must cost ≤ 60 kB transferred
 * (gzip: HTML + CSS + JS), ≤ 15 kB JS and score ≥ 95 on Lighthouse mobile performance.
 * Builds the report through the services in its own data directory (a copy of the demo data),
 * fetches /portal/public/report/{id} from the built Worker without a session, counts the bytes,
 * times a cold and a warm (edge-cached) page, and runs Lighthouse (npm package) in system Chromium.
 *
 *   npx astro build && npx tsx scripts/bench/public-report.ts
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createClient } from '@libsql/client';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { and, eq } from 'drizzle-orm';
import type { UserServiceContext } from '../../src/server/context';
import { createDb } from '../../src/server/db/client';
import { surveys } from '../../src/server/db/schema';
import { createMailer } from '../../src/server/mail/mailer';
import { createChart } from '../../src/server/services/reports/create-chart';
import { createDataLocation } from '../../src/server/services/reports/create-data-location';
import { createReport } from '../../src/server/services/reports/create-report';
import { createSection } from '../../src/server/services/reports/create-section';
import { CHART_TYPES, COLOR_SCHEMES, DATA_FORMATS, GRANULARITY, REPORT_STATUSES } from '../../src/shared/lookups';
import { GROUPS } from '../../src/shared/permissions';
import { ReportInput } from '../../src/shared/validation/reports';
import { startLocalStack } from '../lib/local-stack.ts';
import { get, kb, ok, text, zipped } from '../lib/raw-get.ts';
import { DEMO_SURVEY_SID } from '../seed/surveys-burgerpeiling.ts';

const type = (key: (typeof CHART_TYPES)[number]['key']) => CHART_TYPES.find((t) => t.key === key)!.id;
const format = (key: (typeof DATA_FORMATS)[number]['key']) => DATA_FORMATS.find((f) => f.key === key)!.id;
const likert = COLOR_SCHEMES.find((s) => s.name === 'Oneens - eens (5 punten)')!.id;
const buurt = ['buurt_SQ001', 'buurt_SQ002', 'buurt_SQ003', 'buurt_SQ004'];

/** 20 charts over 4 sections: every common chart type on the demo burgerpeiling. */
const CHARTS: { title: string; type: Parameters<typeof type>[0]; format?: Parameters<typeof format>[0]; columns: string[]; colours?: number; months?: boolean }[] = [
  { title: 'Tevredenheid over de buurt', type: 'stacked-bar-100', columns: buurt, colours: likert },
  { title: 'Rapportcijfer voor de buurt', type: 'kpi', format: 'mean', columns: ['rapportcijfer'] },
  { title: 'Problemen in de buurt', type: 'bar', columns: ['problemen'] },
  { title: 'Veiligheid', type: 'stacked-bar', columns: ['veilig_overdag', 'veilig_avond'] },
  { title: 'Gemiddelde tevredenheid per punt', type: 'column', format: 'mean', columns: buurt },
  { title: 'Tevredenheid gemeente', type: 'bar', columns: ['tevredengemeente'], colours: likert },
  { title: 'Tevredenheid door de tijd', type: 'line', columns: ['tevredengemeente'], months: true },
  { title: 'Contactkanalen', type: 'column', format: 'percentage-count', columns: ['kanaal'] },
  { title: 'Contact gehad', type: 'pie', columns: ['contact'] },
  { title: 'Aanbevelen', type: 'net-promoter', columns: ['aanbevelen'] },
  { title: 'Leeftijd', type: 'donut', columns: ['leeftijd'] },
  { title: 'Wijk', type: 'table', format: 'percentage-count', columns: ['wijk'] },
  { title: 'Geslacht', type: 'pie', columns: ['geslacht'] },
  { title: 'Jaren in de gemeente', type: 'gauge', format: 'mean', columns: ['jarenwonen'] },
  { title: 'Belangrijkste verbeterpunt', type: 'open-answers', columns: ['verbeterpunt'] },
  { title: 'Verbeterpunten', type: 'wordcloud', columns: ['verbeterpunt'] },
  { title: 'Schoonhouden van straten', type: 'column', columns: ['buurt_SQ001'], colours: likert },
  { title: 'Onderhoud van groen', type: 'bar', columns: ['buurt_SQ002'], colours: likert },
  { title: 'Rapportcijfer door de tijd', type: 'area', format: 'mean', columns: ['rapportcijfer'], months: true },
  { title: 'Veilig overdag', type: 'donut', columns: ['veilig_overdag'] },
];

function benchContext(db: ReturnType<typeof createDb>): UserServiceContext {
  const config = { appEnv: 'development' as const, libsqlUrl: 'file:bench', mailFrom: 'ImpulZ <noreply@impulz.nl>', helpdeskEmail: 'helpdesk@impulz.nl' };
  const user = { id: 2, companyId: 1, groupId: GROUPS.Beheerder, email: 'beheerder@demo.impulz.nl', fullname: 'Bram Jansen', isRoot: false, isCompanyAdmin: true, roles: ['dashboard.access', 'dashboard.view', 'dashboard.create', 'dashboard.edit'], mustChangePassword: false, mustEnable2fa: false, twoFactorConfirmed: false };
  return { db, user, now: new Date(), config, mailer: createMailer(db, config) } as UserServiceContext;
}

async function createBenchReport(libsqlUrl: string): Promise<number> {
  const client = createClient({ url: libsqlUrl });
  const db = createDb(client);
  const ctx = benchContext(db);
  const [survey] = await db.select({ id: surveys.id }).from(surveys).where(and(eq(surveys.lsSid, DEMO_SURVEY_SID), eq(surveys.companyId, 1)));
  const year = new Date().getUTCFullYear();
  const report = await createReport(
    ctx,
    ReportInput.parse({ project_id: 1, title: 'Openbare rapportage (20 grafieken)', start_date: `${year - 1}-01-01`, end_date: `${year}-12-31`, min_n: 10, direct_access: true, benchmark_count: 2, status_id: REPORT_STATUSES.find((s) => s.key === 'published')!.id }),
  );
  for (let s = 0; s < 4; s++) {
    const section = await createSection(ctx, report.id, { title: `Onderdeel ${s + 1}` });
    for (const c of CHARTS.slice(s * 5, s * 5 + 5)) {
      const chart = await createChart(ctx, {
        section_id: section.id,
        chart_type_id: type(c.type),
        title: c.title,
        data_format_id: format(c.format ?? 'percentage'),
        color_scheme_id: c.colours ?? 1,
        granularity_id: c.months ? GRANULARITY.find((g) => g.key === 'month')!.id : 0,
      });
      for (const columnKey of c.columns) await createDataLocation(ctx, { chart_id: chart.id, survey_id: survey!.id, column_key: columnKey });
    }
  }
  client.close();
  return report.id;
}

const dir = `.tmp/bench-public-report-${process.pid}`;
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const stack = await startLocalStack({ dataDir: dir });
try {
  const id = await createBenchReport(stack.libsqlUrl);
  const url = `${stack.url}/portal/public/report/${id}`;
  const cold = await get(url);
  if (cold.status !== 200) throw new Error(`public report answered ${cold.status}`);
  const warm: number[] = [];
  let hits = 0;
  for (let i = 0; i < 20; i++) {
    const f = await get(url);
    warm.push(f.ms);
    if (f.headers['x-impulz-view-cache'] === 'hit') hits++;
  }
  warm.sort((a, b) => a - b);
  const html = text(cold);
  const charts = (html.match(/<svg [^>]*role="img"/g) ?? []).length;
  const empty = (html.match(/>Geen gegevens</g) ?? []).length;
  // PUBLIC_REPORT_HTML=file.html keeps the page to look at.
  if (process.env.PUBLIC_REPORT_HTML) writeFileSync(process.env.PUBLIC_REPORT_HTML, html);
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
  const inlineJs = [...html.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)].reduce((n, m) => n + gzipSync(m[1]!).length, 0);
  const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]!);
  let js = inlineJs;
  for (const src of scripts) js += zipped(await get(new URL(src, stack.url).href));
  let css = 0;
  for (const href of styles) css += zipped(await get(new URL(href, stack.url).href));
  const page = zipped(cold);
  const total = page + css + js;
  console.log(`Openbare rapportage (${charts} grafieken, ${empty} zonder gegevens; zonder login), overdracht met gzip:`);
  console.log(`  HTML        ${kb(page)} (${kb(Buffer.byteLength(html))} onverpakt${cold.headers['content-encoding'] === 'gzip' ? '' : ', gzip -6 berekend'})`);
  console.log(`  CSS         ${kb(css)} (${styles.length} bestand(en))`);
  console.log(`  JavaScript  ${kb(js)} (${scripts.length} bestand(en))   budget 15 kB ${ok(js <= 15 * 1024)}`);
  console.log(`  Totaal      ${kb(total)}   budget 60 kB ${ok(total <= 60 * 1024)}`);
  console.log(`  Cache       Cache-Control: ${cold.headers['cache-control']}; Set-Cookie: ${cold.headers['set-cookie'] ? 'ja' : 'nee'}`);
  console.log(`  Pagina      koud ${cold.ms.toFixed(0)} ms, warm mediaan ${warm[10]!.toFixed(1)} ms (edge-cache: ${hits}/20 treffers)`);

  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: ['--no-sandbox', '--headless=new', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    // On a busy machine Chromium sometimes paints nothing in time (NO_FCP): try up to three times.
    let lhr = (await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }))!.lhr;
    for (let attempt = 2; lhr.runtimeError && attempt <= 3; attempt++) {
      console.log(`  (Lighthouse: ${lhr.runtimeError.code}; poging ${attempt})`);
      lhr = (await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }))!.lhr;
    }
    const score = Math.round((lhr.categories.performance!.score ?? 0) * 100);
    const audit = (k: string) => lhr.audits[k]?.displayValue ?? '–';
    console.log(`  Lighthouse  mobiel prestaties ${score}   budget 95 ${ok(score >= 95)}`);
    console.log(`              FCP ${audit('first-contentful-paint')}, LCP ${audit('largest-contentful-paint')}, TBT ${audit('total-blocking-time')}, CLS ${audit('cumulative-layout-shift')}, overdracht ${audit('total-byte-weight')}`);
  } finally {
    chrome.kill();
  }
} finally {
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
}
