import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyMaps, reportCharts } from '../../src/server/db/schema';
import { loadPublicView } from '../../src/server/services/report-data/load-public-view';
import { readPublicQuery } from '../../src/server/services/report-data/public-query';
import { buildChartSpec } from '../../src/shared/chart-spec';
import { autoMapping } from '../../src/shared/map-mapping';
import { renderChartSvg } from '../../src/shared/chart-svg';
import type { DataLocationAnswer } from '../../src/shared/chart/types';
import { loginAs } from '../helpers/accounts';
import type { HttpSession } from '../helpers/http-session';
import { API, jsonApi } from '../helpers/manage';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import { zuiderhavenDistricts } from '../helpers/synthetic-map';
import { demoSurveyId } from '../helpers/demo-survey';

const t = createSurveyTestApp();
afterAll(() => t.close());

let beheerder: HttpSession;
let noordbroek: HttpSession;
let chartId = 0;
let mapId = 0;
beforeAll(async () => {
  beheerder = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
  noordbroek = await loginAs(t.session(), 'beheerder@noordbroek.demo.impulz.nl');
  [{ id: chartId }] = (await t.db.select({ id: reportCharts.id }).from(reportCharts).where(eq(reportCharts.title, 'Rapportcijfer per wijk'))) as [{ id: number }];
  [{ id: mapId }] = (await t.db.select({ id: companyMaps.id }).from(companyMaps).where(and(eq(companyMaps.companyId, 1), eq(companyMaps.name, 'Wijken Zuiderhaven')))) as [{ id: number }];
}, 30_000);

type Loc = DataLocationAnswer & { chartId: number };
async function mapData(benchmarks: unknown[]): Promise<Loc> {
  const res = await beheerder.fetch(`${API}/data/1/nl/report/1/chart/${chartId}`, { method: 'POST', json: { benchmarks } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { dataLocations: Loc[] } }).data.dataLocations[0]!;
}

describe('map charts', () => {
  it('the demo map chart: settings with the mapping filled in, the maps of the organisation', async () => {
    const res = await jsonApi(beheerder).get<{ data: { settings: { map_id: number; mapping: Record<string, string> }; maps: { id: number }[] } }>(`/chart/${chartId}/map`);
    expect(res.status).toBe(200);
    expect(res.body.data.settings.map_id).toBe(mapId);
    expect(res.body.data.settings.mapping).toEqual({ W1: 'W1', W2: 'W2', W3: 'W3', W4: 'W4', W5: 'W5', W6: 'W6' });
    expect(res.body.data.maps.map((m) => m.id)).toContain(mapId);
  });

  it('computes one engine group per area and benchmark; the SVG has a path with a title per area', async () => {
    const loc = await mapData([{ label: 'Alle respondenten' }]);
    expect(loc.map!.areas.map((a) => a.code).sort()).toEqual(['W1', 'W2', 'W3', 'W4', 'W5', 'W6']);
    const released = loc.map!.areas.flatMap((a) => a.benchmarks).filter((c) => !c.suppressed);
    expect(released.length).toBeGreaterThan(0);
    for (const c of released) if (!c.suppressed) expect(c.stats.base).toBeGreaterThanOrEqual(10);
    const spec = buildChartSpec({ id: chartId, title: 'Rapportcijfer per wijk', chart_type_id: 15, data_format_id: 4 }, [loc], { minN: 10 });
    expect(spec.kind).toBe('map');
    const svg = renderChartSvg(spec, { width: 640, height: 240 });
    expect(svg).toMatch(/<svg[^>]*role="img"[^>]*aria-label="Kaart: Rapportcijfer per wijk"/);
    expect(svg.match(/<path d="M[^"]*"[^>]*data-area="W\d"[^>]*><title>[^<]+<\/title><\/path>/g)).toHaveLength(6);
    // The table alternative (and CSV/XLSX) reads the same numbers: areas × benchmarks.
    expect(spec.categories.map((c) => c.label)).toContain('Haven');
  });

  it('withholds small area groups like any group: no numbers, hatched, never in the legend', async () => {
    // A narrow benchmark (who want better street lighting, filter option 307) splits into
    // district groups some of which the small-group rules withhold (the youngest age group, 18-34,
    // has 40 or more in every district: nothing to withhold).
    const loc = await mapData([{ label: 'Straatverlichting', filterOptions: [307] }]);
    const cells = loc.map!.areas.map((a) => a.benchmarks[0]!);
    const withheld = cells.filter((c) => c.suppressed);
    expect(withheld.length).toBeGreaterThan(0);
    for (const c of withheld) expect(c).toEqual({ suppressed: true, reason: expect.any(String) });
    const spec = buildChartSpec({ id: chartId, title: 'x', chart_type_id: 15, data_format_id: 4 }, [loc], { minN: 10 });
    const values = spec.map!.areas.flatMap((a) => a.values.filter((v): v is number => v !== null));
    for (const c of spec.map!.classes) {
      expect(values.some((v) => Math.abs(v - c.from) < 1e-9) || spec.map!.classes.indexOf(c) > 0).toBe(true);
      expect(c.to).toBeLessThanOrEqual(Math.max(...values));
    }
    for (const a of spec.map!.areas) if (a.states[0] === 'withheld') expect([a.values[0], a.counts[0], a.colors[0]]).toEqual([null, null, null]);
  });

  it('refuses a map of another organisation (422), unknown areas (422) and a non-map chart (422)', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: 'Noordbroek', code_property: 'statcode', name_property: 'statnaam' })) form.set(k, v);
    form.set('file', new File([JSON.stringify(zuiderhavenDistricts())], 'n.geojson'));
    const made = await noordbroek.fetch(`${API}/company/2/map`, { method: 'POST', body: form });
    expect(made.status).toBe(201);
    const foreign = ((await made.json()) as { data: { id: number } }).data.id;
    const body = { map_id: foreign, area_column_key: 'wijk', mapping: { W1: 'W1' } };
    const res = await jsonApi(beheerder).put<{ errors: Record<string, string[]> }>(`/chart/${chartId}/map`, body);
    expect(res.status).toBe(422);
    expect(res.body.errors.map_id![0]).toBe('Deze kaart hoort niet bij de organisatie van de rapportage.');
    const stray = await jsonApi(beheerder).put<{ errors: Record<string, string[]> }>(`/chart/${chartId}/map`, { ...body, map_id: mapId, mapping: { W1: 'X9' } });
    expect(stray.status).toBe(422);
    expect(stray.body.errors.mapping).toBeDefined();
    expect((await jsonApi(beheerder).put(`/chart/1/map`, { ...body, map_id: mapId })).status).toBe(422);
    expect((await jsonApi(beheerder).put(`/chart/${chartId}/map`, { ...body, map_id: mapId, class_count: 12 })).status).toBe(422);
    expect((await jsonApi(noordbroek).get(`/chart/${chartId}/map`)).status).toBe(404);
    const ok = await jsonApi(beheerder).put(`/chart/${chartId}/map`, { map_id: mapId, area_column_key: 'wijk', mapping: { W1: 'W1', W2: 'W2', W3: 'W3', W4: 'W4', W5: 'W5', W6: 'W6' }, class_method: 'quantile', class_count: 4 });
    expect(ok.status).toBe(200);
  });

  it('refuses to delete a map a chart uses (409, naming the chart and report)', async () => {
    const res = await jsonApi(beheerder).del<{ message: string }>(`/company/1/map/${mapId}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain("'Rapportcijfer per wijk' (rapportage 'Burgerpeiling Zuiderhaven 2026')");
  });

  it("the report's weighting scheme weighs the areas as it weighs the chart", async () => {
    const surveyId = await demoSurveyId(t.db);
    const wijk = { W1: 8_250, W2: 7_425, W3: 6_600, W4: 7_425, W5: 6_600, W6: 4_950 };
    const made = await beheerder.fetch(`${API}/survey/${surveyId}/weighting`, { method: 'POST', json: { name: 'Wijk', method: 'poststratify', targets_are: 'counts', variables: [{ column_key: 'wijk', targets: wijk }] } });
    expect(made.status).toBe(201);
    const schemeId = ((await made.json()) as { data: { id: number } }).data.id;
    expect((await beheerder.fetch(`${API}/report/1`, { method: 'PUT', json: { weighting_id: schemeId } })).status).toBe(200);
    const loc = await mapData([{ label: 'Alle respondenten' }]);
    expect(typeof (loc.benchmarks[0] as { stats?: { weightedBase?: number } }).stats?.weightedBase).toBe('number');
    const released = loc.map!.areas.flatMap((a) => a.benchmarks).filter((c) => !c.suppressed);
    expect(released.length).toBeGreaterThan(0);
    for (const c of released) if (!c.suppressed) expect(typeof (c.stats as { weightedBase?: number }).weightedBase).toBe('number');
  });

  it('the public page draws the map as SVG without script', async () => {
    const view = await loadPublicView({ db: t.db }, 1, readPublicQuery(new URLSearchParams()));
    const svg = JSON.stringify(view).match(/<svg[^>]*aria-label=\\"Kaart: Rapportcijfer per wijk\\"/);
    expect(svg).not.toBeNull();
  });

  it('the public page follows a change of the map settings (its version counts them)', async () => {
    const mapSvg = async () => (await loadPublicView({ db: t.db }, 1, readPublicQuery(new URLSearchParams()))).sections.flatMap((s) => s.charts).find((c) => c.id === chartId)!.svg;
    const before = await mapSvg();
    const settings = { map_id: mapId, area_column_key: 'wijk', mapping: { W1: 'W1', W2: 'W2', W3: 'W3', W4: 'W4', W5: 'W5', W6: 'W6' }, class_method: 'equal', class_count: 2 };
    expect((await jsonApi(beheerder).put(`/chart/${chartId}/map`, settings)).status).toBe(200);
    expect(await mapSvg()).not.toBe(before);
  });
});

describe('a filter category of the report as the source of areas', () => {
  type View = { settings: { area_column_key: string | null; area_category_id: number | null }; maps: { id: number; areas: { code: string; name: string }[] }[]; categories: { id: number; title: string; options: { id: number; label: string }[] }[] };
  const cells = (loc: Loc) => Object.fromEntries(loc.map!.areas.map((a) => [a.code, a.benchmarks.map((c) => (c.suppressed ? 'withheld' : [c.stats.base, c.stats.mean]))]));

  it("gives the same groups through the engine as the area question (the demo's 'Wijk' category: one option per district)", async () => {
    const benchmarks = [{ label: 'Alle respondenten' }, { label: 'Straatverlichting', filterOptions: [307] }];
    const byQuestion = cells(await mapData(benchmarks));
    const view = (await jsonApi(beheerder).get<{ data: View }>(`/chart/${chartId}/map`)).body.data;
    const wijk = view.categories.find((c) => c.title === 'Wijk')!;
    expect(wijk.options).toHaveLength(6);
    const areas = view.maps.find((m) => m.id === mapId)!.areas;
    const mapping = autoMapping(wijk.options.map((o) => ({ code: String(o.id), label: o.label })), areas);
    expect(Object.keys(mapping)).toHaveLength(6);
    const res = await jsonApi(beheerder).put<{ data: View }>(`/chart/${chartId}/map`, { map_id: mapId, area_category_id: wijk.id, mapping, class_method: 'equal', class_count: 4 });
    expect(res.status).toBe(200);
    expect(res.body.data.settings).toMatchObject({ area_column_key: null, area_category_id: wijk.id });
    const byCategory = await mapData(benchmarks);
    expect(cells(byCategory)).toEqual(byQuestion);
    // Some district groups of the narrow benchmark are withheld: the small-group rules hold here too.
    expect(Object.values(cells(byCategory)).some((c) => c[1] === 'withheld')).toBe(true);
    expect(byCategory.map!.unmatched).toEqual([]);
    // An option left unmapped is named by its label.
    const { [String(wijk.options[0]!.id)]: _first, ...fewer } = mapping;
    expect((await jsonApi(beheerder).put(`/chart/${chartId}/map`, { map_id: mapId, area_category_id: wijk.id, mapping: fewer })).status).toBe(200);
    expect((await mapData(benchmarks)).map!.unmatched).toEqual([wijk.options[0]!.label]);
  });

  it('refuses a category the report does not offer, options of another category, and both or neither source (422)', async () => {
    const view = (await jsonApi(beheerder).get<{ data: View }>(`/chart/${chartId}/map`)).body.data;
    const wijk = view.categories.find((c) => c.title === 'Wijk')!;
    const other = view.categories.find((c) => c.title !== 'Wijk')!;
    const put = (body: object) => jsonApi(beheerder).put<{ errors: Record<string, string[]> }>(`/chart/${chartId}/map`, { map_id: mapId, mapping: {}, ...body });
    const unknown = await put({ area_category_id: 999_999 });
    expect([unknown.status, unknown.body.errors.area_category_id]).toEqual([422, ['Deze filtercategorie hoort niet bij de rapportage of bij het onderzoek van de grafiek.']]);
    const foreign = await put({ area_category_id: wijk.id, mapping: { [String(other.options[0]!.id)]: 'W1' } });
    expect([foreign.status, Object.keys(foreign.body.errors)]).toEqual([422, ['mapping']]);
    for (const body of [{ area_category_id: wijk.id, area_column_key: 'wijk' }, {}]) {
      const res = await put(body);
      expect([res.status, res.body.errors.area_column_key]).toEqual([422, ['Kies de vraag of de filtercategorie met de gebieden (één van beide).']]);
    }
  });

  it('a copy of the report keeps its map charts with their settings', async () => {
    const copy = await jsonApi(beheerder).post<{ data: { id: number } }>('/report/1/copy', {});
    expect(copy.status).toBe(201);
    const report = await jsonApi(beheerder).get<{ data: { sections: { charts: { id: number; title: string }[] }[] } }>(`/report/${copy.body.data.id}?include=sections.charts`);
    const copied = report.body.data.sections.flatMap((s) => s.charts).find((c) => c.title === 'Rapportcijfer per wijk')!;
    const [original, theCopy] = await Promise.all([chartId, copied.id].map(async (id) => (await jsonApi(beheerder).get<{ data: View }>(`/chart/${id}/map`)).body.data.settings));
    expect(theCopy).toEqual(original);
    expect((await jsonApi(beheerder).del(`/report/${copy.body.data.id}`)).status).toBe(200);
  });
});
