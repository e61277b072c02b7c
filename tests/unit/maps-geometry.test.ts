import { describe, expect, it } from 'vitest';
import { feature, neighbors } from 'topojson-client';
import { geoArea } from 'd3-geo';
import { topology } from 'topojson-server';
import { presimplify, quantile, simplify } from 'topojson-simplify';
import { feature as topoFeature, quantize } from 'topojson-client';
import { type Area, GeometryError, GeometryReader, MAX_AREAS, rdToLonLat, readGeometry } from '../../src/server/maps/read-geometry';
import { pointBudget, simplifyAreas } from '../../src/server/maps/simplify-areas';
import { areaPath, drawMap } from '../../src/server/maps/draw-map';
import { pathOperators } from '../../src/server/pdf/draw-map';
import { syntheticGrid, zuiderhavenDistricts } from '../helpers/synthetic-map';

/** An area's rings as GeoJSON positions. */
const positions = (a: Area) => a.polygons.map((poly) => poly.map((r) => Array.from({ length: r.length / 2 }, (_, i) => [r[2 * i]!, r[2 * i + 1]!])));

const fail = (text: string, code = 'statcode', name = 'statnaam') => {
  try {
    readGeometry(text, code, name);
  } catch (e) {
    if (e instanceof GeometryError) return { field: e.field, message: e.message };
    throw e;
  }
  return null;
};

describe('RD New → WGS84', () => {
  // The published origin of RD (Amersfoort, NSGI): proj4's seven-parameter datum shift stays
  // within half a metre of the grid-based RDNAPTRANS™ transformation (5e-6° ≈ 0.55 m north, 0.35 m east).
  it('the Amersfoort origin 155000, 463000 → 52.15517440 N, 5.38720621 E', () => {
    const [lon, lat] = rdToLonLat(155000, 463000);
    expect(Math.abs(lat - 52.1551744)).toBeLessThan(5e-6);
    expect(Math.abs(lon - 5.38720621)).toBeLessThan(5e-6);
  });

  it('keeps distances: 1 km east of the origin is 1 km east (scale factor 0.9999079 at the origin)', () => {
    const [lon0, lat0] = rdToLonLat(155000, 463000);
    const [lon1, lat1] = rdToLonLat(156000, 463000);
    // Radius of the parallel on GRS80: N·cos φ, N = a / √(1 − e² sin² φ).
    const phi = (lat0 * Math.PI) / 180;
    const n = 6378137 / Math.sqrt(1 - 0.00669438 * Math.sin(phi) ** 2);
    const metres = (lon1 - lon0) * ((Math.PI * n * Math.cos(phi)) / 180);
    expect(metres).toBeGreaterThan(999);
    expect(metres).toBeLessThan(1002);
    expect(Math.abs(lat1 - lat0)).toBeLessThan(1e-4);
  });
});

describe('reading a boundary file', () => {
  const six = zuiderhavenDistricts();
  it('reads RD New (named crs), reprojects and winds exteriors clockwise for d3-geo', () => {
    const areas = readGeometry(JSON.stringify(six), 'statcode', 'statnaam');
    expect(areas.map((a) => a.code)).toEqual(['W1', 'W2', 'W3', 'W4', 'W5', 'W6']);
    for (const a of areas) {
      const area = geoArea({ type: 'MultiPolygon', coordinates: positions(a) });
      expect(area).toBeGreaterThan(0);
      expect(area).toBeLessThan(1e-5); // a few km², not the sphere minus a district
    }
  });

  it('recognises RD New and WGS84 by their range when the crs is not named, and a TopoJSON', () => {
    const plain = { ...six, crs: undefined };
    expect(readGeometry(JSON.stringify(plain), 'statcode', 'statnaam')[0]!.polygons[0]![0]![1]).toBeGreaterThan(51);
    const wgs = readGeometry(JSON.stringify(six), 'statcode', 'statnaam');
    const back = { type: 'FeatureCollection', features: wgs.map((a) => ({ type: 'Feature', properties: { statcode: a.code, statnaam: a.name }, geometry: { type: 'MultiPolygon', coordinates: positions(a) } })) };
    expect(readGeometry(JSON.stringify(back), 'statcode', 'statnaam')).toHaveLength(6);
    const topo = simplifyAreas(wgs).topology;
    expect(readGeometry(JSON.stringify(topo), 'code', 'name').map((a) => a.name)).toContain('Haven');
  });

  it('refuses what is not a map, in Dutch, on the field concerned', () => {
    expect(fail('geen json')).toEqual({ field: 'file', message: 'Het bestand is geen GeoJSON of TopoJSON.' });
    expect(fail('{"type":"Feature"}')?.message).toBe('Het bestand bevat geen vlakken (Polygon of MultiPolygon).');
    expect(fail(JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [5, 52] } }] }))?.message).toMatch(/geen vlakken/);
    expect(fail(JSON.stringify({ ...six, crs: { type: 'name', properties: { name: 'EPSG:3857' } } }))?.message).toMatch(/projectie .* niet herkend/);
    const moved = JSON.parse(JSON.stringify(six));
    moved.crs = undefined;
    moved.features[0].geometry.coordinates[0] = moved.features[0].geometry.coordinates[0].map(([x, y]: number[]) => [x! * 100, y! * 100]);
    expect(fail(JSON.stringify(moved))?.message).toMatch(/projectie/);
    expect(fail(JSON.stringify(six), 'WK_CODE')).toEqual({ field: 'code_property', message: expect.stringMatching(/'WK_CODE' ontbreekt bij 6 gebieden\. Beschikbaar: statcode, statnaam/) });
    expect(fail(JSON.stringify(six), 'statcode', 'WK_NAAM')?.field).toBe('name_property');
    const dupes = JSON.parse(JSON.stringify(six));
    dupes.features[1].properties.statcode = 'W1';
    expect(fail(JSON.stringify(dupes))).toEqual({ field: 'code_property', message: 'Gebiedscodes komen meer dan eens voor: W1.' });
    expect(fail(JSON.stringify(syntheticGrid(41, 49, 0)))?.message).toBe(`Het bestand bevat 2009 gebieden; het maximum is ${MAX_AREAS}.`);
  });
});

describe('reading an upload as it streams in', () => {
  const text = JSON.stringify(syntheticGrid(6, 5, 8));
  it('gives the same areas in chunks of any size, through one reused buffer (the multipart window)', () => {
    const whole = readGeometry(text, 'statcode', 'statnaam');
    const bytes = new TextEncoder().encode(text);
    for (const size of [1, 7, 4096]) {
      const reader = new GeometryReader({ code: 'statcode', name: 'statnaam' });
      const window = new Uint8Array(size);
      for (let i = 0; i < bytes.length; i += size) {
        const n = Math.min(size, bytes.length - i);
        window.set(bytes.subarray(i, i + n));
        reader.write(window.subarray(0, n));
        window.fill(0x20);
      }
      expect(reader.finish('statcode', 'statnaam')).toEqual(whole);
    }
  });

  it('keeps the properties when the code and name fields come after the file', () => {
    const reader = new GeometryReader(null);
    reader.write(text);
    expect(reader.finish('statcode', 'statnaam')).toEqual(readGeometry(text, 'statcode', 'statnaam'));
    const late = new GeometryReader(null);
    late.write(text);
    expect(() => late.finish('WK_CODE', 'statnaam')).toThrow(/'WK_CODE' ontbreekt bij 30 gebieden\. Beschikbaar: statcode, statnaam/);
  });

  it('refuses a file cut off half-way, and keeps refusing what follows a refusal', () => {
    const reader = new GeometryReader({ code: 'statcode', name: 'statnaam' });
    reader.write(text.slice(0, 500));
    expect(() => reader.finish('statcode', 'statnaam')).toThrow('Het bestand is geen GeoJSON of TopoJSON.');
    const bad = new GeometryReader({ code: 'statcode', name: 'statnaam' });
    bad.write('{"type": nee');
    bad.write(text);
    expect(() => bad.finish('statcode', 'statnaam')).toThrow('Het bestand is geen GeoJSON of TopoJSON.');
  });
});

/** The simplification as topojson-server and topojson-simplify do it on JavaScript arrays (the reference for the typed-array build). */
function reference(areas: Area[]) {
  const input = { areas: { type: 'FeatureCollection', features: areas.map((a) => ({ type: 'Feature', properties: { code: a.code, name: a.name }, geometry: { type: 'MultiPolygon', coordinates: positions(a) } })) } };
  const built = topology(input as never, 1e6);
  const { transform: _t, ...topo } = presimplify(built as never) as never as { arcs: number[][][]; transform?: unknown };
  let points = 0;
  for (const arc of topo.arcs) {
    points += arc.length;
    for (const p of arc.slice(1, -1).sort((p, q) => q[2]! - p[2]!).slice(0, 2)) p[2] = Infinity;
  }
  const budget = pointBudget(areas.length);
  const simplified = points > budget ? simplify(topo as never, quantile(topo as never, budget / points)) : simplify(topo as never, 0);
  return quantize(simplified as never, 1e5);
}

describe('reading a TopoJSON arc by arc', () => {
  it.each([
    ['quantised (delta-encoded arcs, a transform)', () => topology({ wijken: zuiderhavenDistricts() } as never, 1e4)],
    ['not quantised, a GeometryCollection and a loose Polygon', () => topology({ grid: syntheticGrid(4, 3, 3), los: zuiderhavenDistricts().features[2]! } as never)],
    ['the stored, simplified topology', () => simplifyAreas(readGeometry(JSON.stringify(syntheticGrid(6, 5, 8)), 'statcode', 'statnaam')).topology],
  ])('gives the areas topojson-client gives: %s', (_name, make) => {
    const topo = make() as never as { objects: Record<string, unknown> };
    const features = Object.values(topo.objects).flatMap((o) => {
      const f = topoFeature(topo as never, o as never) as unknown as { type: string; features?: unknown[] };
      return f.type === 'FeatureCollection' ? f.features! : [f];
    });
    const code = 'code' in ((features[0] as { properties: object }).properties) ? ['code', 'name'] : ['statcode', 'statnaam'];
    const viaClient = readGeometry(JSON.stringify({ type: 'FeatureCollection', features }), code[0]!, code[1]!);
    expect(readGeometry(JSON.stringify(topo), code[0]!, code[1]!)).toEqual(viaClient);
  });

  it('refuses a TopoJSON whose rings point at arcs it does not have', () => {
    const topo = { type: 'Topology', objects: { a: { type: 'Polygon', arcs: [[0, 5]], properties: { statcode: 'A', statnaam: 'A' } } }, arcs: [[[0, 0], [1, 0], [1, 1], [0, 0]]] };
    expect(fail(JSON.stringify(topo))?.message).toBe('Het bestand is geen GeoJSON of TopoJSON.');
  });
});

describe('the topology built on typed arrays', () => {
  const holes = { type: 'FeatureCollection', features: [
    { type: 'Feature', properties: { statcode: 'A', statnaam: 'Ring' }, geometry: { type: 'Polygon', coordinates: [[[100000, 400000], [104000, 400000], [104000, 404000], [100000, 404000], [100000, 400000]], [[101000, 401000], [101000, 403000], [103000, 403000], [103000, 401000], [101000, 401000]]] } },
    { type: 'Feature', properties: { statcode: 'B', statnaam: 'Eiland' }, geometry: { type: 'Polygon', coordinates: [[[101000, 401000], [103000, 401000], [103000, 403000], [101000, 403000], [101000, 401000]]] } },
    { type: 'Feature', properties: { statcode: 'C', statnaam: 'Twee' }, geometry: { type: 'MultiPolygon', coordinates: [[[[104000, 400000], [106000, 400000], [106000, 402000], [104000, 402000], [104000, 400000]]], [[[107000, 400000], [108000, 400000], [108000, 400500], [107000, 400000]]]] } },
  ] };
  it.each([
    ['six districts', JSON.stringify(zuiderhavenDistricts())],
    ['600 areas, simplified to the budget', JSON.stringify(syntheticGrid(25, 24, 10))],
    ['a hole, an island in it, a MultiPolygon', JSON.stringify(holes)],
  ])('equals topojson-server + topojson-simplify: %s', (_name, text) => {
    expect(simplifyAreas(readGeometry(text, 'statcode', 'statnaam')).topology).toEqual(reference(readGeometry(text, 'statcode', 'statnaam')));
  });
});

describe('simplifying for the web', () => {
  it('keeps every area and the shared borders (no gaps between neighbours)', () => {
    const fc = syntheticGrid(25, 24, 40);
    const areas = readGeometry(JSON.stringify(fc), 'statcode', 'statnaam');
    const before = areas.reduce((n, a) => n + a.polygons[0]![0]!.length / 2, 0);
    const stored = simplifyAreas(areas);
    const out = feature(stored.topology, stored.topology.objects.areas as never) as unknown as { features: { properties: { code: string }; geometry: { coordinates: number[][][][] } }[] };
    expect(out.features).toHaveLength(600);
    expect(new Set(out.features.map((f) => f.properties.code)).size).toBe(600);
    const after = out.features.reduce((n, f) => n + f.geometry.coordinates[0]![0]!.length, 0);
    expect(after).toBeLessThan(before * 0.75);
    for (const f of out.features) expect(geoArea(f as never)).toBeGreaterThan(0);
    // Topology: every inner border of the grid (24·24 + 25·23 = 1,151) is an arc both neighbours
    // use, so each pair of neighbours still shares its border after simplification.
    const geometries = (stored.topology.objects.areas as unknown as { geometries: never[] }).geometries;
    const near = neighbors(geometries);
    let shared = 0;
    for (let k = 0; k < 600; k++) {
      const [col, row] = [k % 25, Math.floor(k / 25)];
      if (col < 24) shared += Number(near[k]!.includes(k + 1));
      if (row < 23) shared += Number(near[k]!.includes(k + 25));
    }
    expect(shared).toBe(24 * 24 + 25 * 23);
    expect(stored.bbox[0]).toBeLessThan(stored.bbox[2]);
    expect(stored.bbox[1]).toBeGreaterThan(51);
  });

  it('draws one path per area with a label anchor, fitted to the width', () => {
    const stored = simplifyAreas(readGeometry(JSON.stringify(zuiderhavenDistricts()), 'statcode', 'statnaam'));
    const d = drawMap('unit-six', stored.topology);
    expect(d.width).toBe(640);
    expect(d.height).toBeGreaterThan(200);
    expect(d.areas).toHaveLength(6);
    for (const a of d.areas) {
      expect(a.d).toMatch(/^M[\d.]+ [\d.]+l[-\d. ]+z/);
      expect(a.x).toBeGreaterThan(0);
      expect(a.x).toBeLessThan(640);
      expect(a.fits).toBe(true);
    }
  });
});

describe('area paths written for size', () => {
  /** The absolute points of a path of M, l (implicit repeats) and z, as an SVG reader takes them. */
  const points = (d: string) =>
    d.split('z').filter(Boolean).map((ring) => {
      const [start, steps = ''] = ring.slice(1).split('l');
      const nums = (t: string) => (t.match(/-?(\d+\.?\d*|\.\d+)/g) ?? []).map(Number);
      const [x0, y0] = nums(start!);
      const out: [number, number][] = [[x0!, y0!]];
      const rel = nums(steps);
      for (let i = 0; i < rel.length; i += 2) out.push([out[out.length - 1]![0] + rel[i]!, out[out.length - 1]![1] + rel[i + 1]!]);
      return out;
    });

  it('keeps every point within a quarter unit, leaves out repeats, and reads back as written (tight numbers: "2-.5", "1.5.5")', () => {
    const ring = [[0, 0], [10.26, 0.1], [10.3, 0.2], [10.74, 5.49], [2.5, 5.5], [0, 0]];
    const d = areaPath([[ring]], (p) => [p[0]!, p[1]!]);
    const back = points(d)[0]!;
    expect(back.length).toBe(4); // (10.26, 0.1) and (10.3, 0.2) fall on one grid point
    const kept = [ring[0], ring[1], ring[3], ring[4]] as number[][];
    back.forEach(([x, y], i) => {
      expect(Math.abs(x - kept[i]![0]!)).toBeLessThanOrEqual(0.25 + 1e-9);
      expect(Math.abs(y - kept[i]![1]!)).toBeLessThanOrEqual(0.25 + 1e-9);
    });
    expect(d).toMatch(/^M0 0l[^MLz]+z$/);
  });

  it('reads back in the PDF as written: the hatching clip (pdf/draw-map.ts) gets the same points', () => {
    const ring = [[0, 0], [10.26, 0.1], [10.3, 0.2], [10.74, 5.49], [2.5, 5.5], [0, 0]];
    const d = areaPath([[ring], [[[20, 20], [23.5, 21], [22, 24.25], [20, 20]]]], (p) => [p[0]!, p[1]!]);
    const ops = pathOperators(d).map((op) => `${op.toString().trim()}`);
    const expected = points(d).flatMap((pts) => [...pts.map(([x, y], i) => `${x} ${y} ${i === 0 ? 'm' : 'l'}`), 'h']);
    expect(ops).toEqual(expected);
  });

  it('neighbours still share their border point for point after rounding', () => {
    const stored = simplifyAreas(readGeometry(JSON.stringify(zuiderhavenDistricts()), 'statcode', 'statnaam'));
    const d = drawMap('unit-six-shared', stored.topology);
    const key = ([x, y]: [number, number]) => `${Math.round(x * 2)},${Math.round(y * 2)}`;
    const centre = new Set(points(d.areas.find((a) => a.code === 'W1')!.d).flat().map(key));
    for (const a of d.areas.filter((x) => x.code !== 'W1')) {
      const shared = points(a.d).flat().filter((p) => centre.has(key(p)));
      expect(shared.length, a.code).toBeGreaterThan(3);
    }
  });
});
