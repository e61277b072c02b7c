import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../helpers/accounts';
import type { HttpSession } from '../helpers/http-session';
import { API, jsonApi } from '../helpers/manage';
import { createSurveyTestApp } from '../helpers/survey-test-app';
import { syntheticGrid, zuiderhavenDistricts } from '../helpers/synthetic-map';
import type { MapDetail, MapSummary } from '../../src/shared/maps';

const t = createSurveyTestApp();
afterAll(() => t.close());

let beheerder: HttpSession;
let gebruiker: HttpSession;
let noordbroek: HttpSession;
beforeAll(async () => {
  beheerder = await loginAs(t.session(), 'beheerder@demo.impulz.nl');
  gebruiker = await loginAs(t.session(), 'gebruiker@demo.impulz.nl');
  noordbroek = await loginAs(t.session(), 'beheerder@noordbroek.demo.impulz.nl');
});

type Answer = { data: MapSummary; errors?: Record<string, string[]>; message?: string };
function upload(s: HttpSession, companyId: number, content: string | Uint8Array, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set('name', fields.name ?? 'Wijken Zuiderhaven');
  form.set('code_property', fields.code_property ?? 'statcode');
  form.set('name_property', fields.name_property ?? 'statnaam');
  form.set('file', new File([content as BlobPart], 'wijken.geojson', { type: 'application/geo+json' }));
  return s.fetch(`${API}/company/${companyId}/map`, { method: 'POST', body: form });
}
const six = JSON.stringify(zuiderhavenDistricts());

describe('company maps', () => {
  let id = 0;
  it('uploads an RD New GeoJSON: 201 with areas and a WGS84 bbox', async () => {
    const res = await upload(beheerder, 1, six);
    expect(res.status).toBe(201);
    const body = (await res.json()) as Answer;
    expect(body.data).toMatchObject({ name: 'Wijken Zuiderhaven', areas: 6, code_property: 'statcode', name_property: 'statnaam' });
    const [minLon, minLat, maxLon, maxLat] = body.data.bbox;
    expect(minLon).toBeGreaterThan(4.7);
    expect(maxLon).toBeLessThan(5);
    expect(minLat).toBeGreaterThan(51.5);
    expect(maxLat).toBeLessThan(51.7);
    id = body.data.id;
  });

  it('lists and shows the map with its areas and the drawing; renames it', async () => {
    const list = await jsonApi(beheerder).get<{ data: MapSummary[] }>('/company/1/map');
    expect(list.body.data.map((m) => m.id)).toContain(id);
    const one = await jsonApi(beheerder).get<{ data: MapDetail }>(`/company/1/map/${id}`);
    expect(one.body.data.area_list).toContainEqual({ code: 'W6', name: 'Haven' });
    expect(one.body.data.drawing.areas).toHaveLength(6);
    const renamed = await jsonApi(beheerder).put<Answer>(`/company/1/map/${id}`, { name: 'Wijken 2026' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.name).toBe('Wijken 2026');
    expect((await jsonApi(beheerder).put<Answer>(`/company/1/map/${id}`, { name: '' })).status).toBe(422);
  });

  it('refuses every kind of bad file with a Dutch 422 on the field', async () => {
    const cases: [string | Uint8Array, Record<string, string>, string, RegExp][] = [
      ['dit is geen json', {}, 'file', /geen GeoJSON of TopoJSON/],
      [JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { statcode: 'A', statnaam: 'A' }, geometry: { type: 'LineString', coordinates: [[5, 52], [5.1, 52]] } }] }), {}, 'file', /geen vlakken/],
      [six.replace('urn:ogc:def:crs:EPSG::28992', 'EPSG:3857'), {}, 'file', /projectie/],
      [six.replaceAll('"statcode":"W2"', '"statcode":"W1"'), {}, 'code_property', /meer dan eens voor: W1/],
      [JSON.stringify(syntheticGrid(41, 49, 0)), {}, 'file', /2009 gebieden; het maximum is 2000/],
      [six, { code_property: 'WK_CODE' }, 'code_property', /'WK_CODE' ontbreekt/],
      [six, { name_property: 'WK_NAAM' }, 'name_property', /'WK_NAAM' ontbreekt/],
      [six, { name: '' }, 'name', /./],
      ['', {}, 'file', /Kies een bestand/],
    ];
    for (const [content, fields, field, message] of cases) {
      const res = await upload(beheerder, 1, content, fields);
      expect(res.status, field).toBe(422);
      const body = (await res.json()) as Answer;
      expect(body.errors?.[field]?.[0], field).toMatch(message);
    }
  });

  it('refuses a file over 20 MB with 413 (declared or streamed)', async () => {
    const big = new Uint8Array(20 * 1024 * 1024 + 10).fill(32);
    const res = await upload(beheerder, 1, big);
    expect(res.status).toBe(413);
    expect(((await res.json()) as Answer).message).toBe('Het bestand dat u heeft geüpload is te groot');
  });

  it('keeps maps to their organisation: another company is 404, a Gebruiker may not upload', async () => {
    expect((await jsonApi(noordbroek).get(`/company/1/map/${id}`)).status).toBe(404);
    expect((await jsonApi(noordbroek).get('/company/1/map')).status).toBe(404);
    expect((await upload(noordbroek, 1, six)).status).toBe(404);
    expect((await jsonApi(noordbroek).del(`/company/1/map/${id}`)).status).toBe(404);
    expect((await jsonApi(noordbroek).get(`/company/2/map/${id}`)).status).toBe(404);
    expect((await upload(gebruiker, 1, six)).status).toBe(403);
    expect((await jsonApi(gebruiker).del(`/company/1/map/${id}`)).status).toBe(403);
  });

  it('reads the file also when it comes before the code and name fields (a client other than the form)', async () => {
    const form = new FormData();
    form.set('file', new File([six], 'wijken.geojson', { type: 'application/geo+json' }));
    form.set('name', 'Bestand eerst');
    form.set('code_property', 'statcode');
    form.set('name_property', 'statnaam');
    const res = await beheerder.fetch(`${API}/company/1/map`, { method: 'POST', body: form });
    expect(res.status).toBe(201);
    const made = (await res.json()) as Answer;
    expect(made.data.areas).toBe(6);
    expect((await jsonApi(beheerder).del(`/company/1/map/${made.data.id}`)).status).toBe(200);
  });

  it('deletes a map no chart uses', async () => {
    const made = (await (await upload(beheerder, 1, six, { name: 'Weg ermee' })).json()) as Answer;
    expect((await jsonApi(beheerder).del(`/company/1/map/${made.data.id}`)).status).toBe(200);
    expect((await jsonApi(beheerder).get(`/company/1/map/${made.data.id}`)).status).toBe(404);
  });
});
