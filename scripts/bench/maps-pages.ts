/**
 * District maps, page budgets (issue 33 item 5; docs/maps.md): whole public pages as the built
 * Worker serves them to a reader without a session — the HTML, every stylesheet, script, image,
 * icon and font the page loads (stylesheets' url(…) included), each counted as transferred with
 * gzip (the server's own gzip when it sends one, else gzip -6 as the edge does). Two published,
 * public reports made for the run in a copy of the demo data, each with one map chart:
 *   - the six demo districts ('Wijken Zuiderhaven', mean grade per district): budget ≤ 60 kB;
 *   - a 600-area map (synthetic grid, six areas carry the districts' values, the rest no
 *     respondents): budget ≤ 150 kB.
 * Both without JavaScript: the bench counts the scripts the page loads (budget: none needed).
 *
 *   npx astro build && npx tsx scripts/bench/maps-pages.ts
 */
import { mkdirSync, rmSync } from 'node:fs';
import { createClient } from '@libsql/client';
import { and, eq } from 'drizzle-orm';
import { createDb, type Db } from '../../src/server/db/client';
import { companyMaps, reportChartMaps, surveys } from '../../src/server/db/schema';
import { readGeometry } from '../../src/server/maps/read-geometry';
import { simplifyAreas } from '../../src/server/maps/simplify-areas';
import { createChart } from '../../src/server/services/reports/create-chart';
import { createDataLocation } from '../../src/server/services/reports/create-data-location';
import { createReport } from '../../src/server/services/reports/create-report';
import { createSection } from '../../src/server/services/reports/create-section';
import { CHART_TYPES, DATA_FORMATS, REPORT_STATUSES } from '../../src/shared/lookups';
import { autoMapping } from '../../src/shared/map-mapping';
import { ReportInput } from '../../src/shared/validation/reports';
import { syntheticGrid } from '../../tests/helpers/synthetic-map';
import { startLocalStack } from '../lib/local-stack.ts';
import { get, kb, ok, text, zipped } from '../lib/raw-get.ts';
import { seedContext } from '../seed/context';
import { DEMO_MAP_NAME } from '../seed/maps';
import { DISTRICTS } from '../seed/surveys-burgerpeiling';
import { DEMO_SURVEY_SID } from '../seed/surveys-burgerpeiling.ts';

async function mapReport(db: Db, title: string, mapId: number, mapping: Record<string, string>): Promise<number> {
  const ctx = seedContext(db, new Date());
  const [survey] = await db.select({ id: surveys.id }).from(surveys).where(and(eq(surveys.lsSid, DEMO_SURVEY_SID), eq(surveys.companyId, 1)));
  const year = new Date().getUTCFullYear();
  const report = await createReport(ctx, ReportInput.parse({ project_id: 1, title, start_date: `${year - 1}-01-01`, end_date: `${year}-12-31`, min_n: 10, direct_access: true, benchmark_count: 1, status_id: REPORT_STATUSES.find((s) => s.key === 'published')!.id }));
  const section = await createSection(ctx, report.id, { title: 'Per wijk' });
  const chart = await createChart(ctx, { section_id: section.id, chart_type_id: CHART_TYPES.find((t) => t.key === 'map')!.id, title: 'Rapportcijfer per wijk', data_format_id: DATA_FORMATS.find((f) => f.key === 'mean')!.id, color_scheme_id: 1 });
  await createDataLocation(ctx, { chart_id: chart.id, survey_id: survey!.id, column_key: 'rapportcijfer' });
  await db.insert(reportChartMaps).values({ chartId: chart.id, mapId, areaColumnKey: 'wijk', mapping, classMethod: 'equal', classCount: 4, createdAt: new Date(), updatedAt: new Date() });
  return report.id;
}

/** The page and everything it loads (no script runs: what the HTML and CSS reference). */
async function pageWeight(origin: string, path: string) {
  const page = await get(origin + path);
  if (page.status !== 200) throw new Error(`${path} answered ${page.status}`);
  const html = text(page);
  const attr = (re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!.replaceAll('&amp;', '&'));
  const scripts = attr(/<script[^>]+src="([^"]+)"/g);
  const inlineScripts = [...html.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)].filter((m) => m[1]!.trim() && !/type="application\/(ld\+)?json"/.test(m[0]));
  const styles = attr(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g);
  const others = [...attr(/<img[^>]+src="([^"]+)"/g), ...attr(/<link[^>]+rel="(?:icon|preload|apple-touch-icon)"[^>]+href="([^"]+)"/g)];
  const rows: { kind: string; url: string; bytes: number }[] = [{ kind: 'HTML', url: path, bytes: zipped(page) }];
  const seen = new Set<string>();
  const fetchOne = async (kind: string, url: string) => {
    const abs = new URL(url, origin + path).href;
    if (seen.has(abs) || abs.startsWith('data:')) return null;
    seen.add(abs);
    const f = await get(abs);
    rows.push({ kind, url, bytes: zipped(f) });
    return f;
  };
  for (const href of styles) {
    const f = await fetchOne('CSS', href);
    if (!f) continue;
    for (const m of text(f).matchAll(/url\(["']?([^"')]+)["']?\)/g)) if (!m[1]!.startsWith('data:') && !m[1]!.startsWith('#')) await fetchOne('CSS url()', new URL(m[1]!, new URL(href, origin)).href);
  }
  for (const src of scripts) await fetchOne('JavaScript', src);
  for (const src of others) await fetchOne('image/icon', src);
  const svgBytes = [...html.matchAll(/<svg[\s\S]*?<\/svg>/g)].reduce((n, m) => n + m[0].length, 0);
  return { rows, total: rows.reduce((n, r) => n + r.bytes, 0), scripts: scripts.length + inlineScripts.length, maps: (html.match(/aria-label="Kaart/g) ?? []).length, paths: (html.match(/<path /g) ?? []).length, rawHtml: Buffer.byteLength(html), svgBytes };
}

const dir = `.tmp/bench-maps-pages-${process.pid}`;
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const stack = await startLocalStack({ dataDir: dir });
try {
  const client = createClient({ url: stack.libsqlUrl });
  const db = createDb(client);
  const [demo] = await db.select().from(companyMaps).where(and(eq(companyMaps.companyId, 1), eq(companyMaps.name, DEMO_MAP_NAME)));
  const answers = DISTRICTS.map(([code, label]) => ({ code, label }));
  const six = await mapReport(db, 'Kaart van de zes wijken', demo!.id, autoMapping(answers, demo!.areas));
  const grid = simplifyAreas(readGeometry(JSON.stringify(syntheticGrid(25, 24, 10)), 'statcode', 'statnaam'));
  const now = new Date();
  const [big] = await db.insert(companyMaps).values({ companyId: 1, name: '600 buurten (bench)', codeProperty: 'statcode', nameProperty: 'statnaam', areaCount: grid.areas.length, bbox: grid.bbox, areas: grid.areas, topology: grid.topology, createdAt: now, updatedAt: now }).returning();
  // The six districts' answers on six areas spread over the grid; the other 594 areas have no respondents.
  const mapping = Object.fromEntries(answers.map((a, i) => [a.code, grid.areas[i * 97 + 13]!.code]));
  const many = await mapReport(db, 'Kaart van 600 buurten', big!.id, mapping);
  client.close();
  console.log('Public pages with a map, as served (HTML + every stylesheet, script, image and font they load), transferred with gzip:');
  for (const [name, id, budget] of [['six demo districts', six, 60], ['600 areas', many, 150]] as const) {
    const w = await pageWeight(stack.url, `/portal/public/report/${id}`);
    const by = (kind: string) => w.rows.filter((r) => r.kind.startsWith(kind)).reduce((n, r) => n + r.bytes, 0);
    console.log(`  ${name.padEnd(20)} total ${kb(w.total).padStart(9)}   budget ${budget} kB ${ok(w.total <= budget * 1024)}   JavaScript: ${w.scripts} script(s) ${ok(w.scripts === 0)}`);
    console.log(`  ${''.padEnd(20)} HTML ${kb(by('HTML'))} (${kb(w.rawHtml)} unpacked, of which SVG ${kb(w.svgBytes)}; ${w.maps} map drawing(s), ${w.paths} paths), CSS ${kb(by('CSS'))}, images/icons ${kb(by('image'))}, files ${w.rows.length}`);
  }
} finally {
  await stack.stop();
  rmSync(dir, { recursive: true, force: true });
}
