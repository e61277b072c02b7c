import { prng } from './response-generator';

/**
 * Synthetic boundary files (not real geography) in RD New metres, as PDOK writes the CBS wijk- en
 * buurtkaart: a FeatureCollection with a named `crs` and `statcode`/`statnaam` properties.
 * Neighbours share their border vertex for vertex, so a topology finds the shared arcs.
 */
type Ring = [number, number][];
interface Collection {
  type: 'FeatureCollection';
  crs?: { type: 'name'; properties: { name: string } };
  features: { type: 'Feature'; properties: Record<string, string | number>; geometry: { type: 'Polygon'; coordinates: Ring[] } }[];
}

/** Zuiderhaven's six districts (W1–W6): Centrum in the middle, five districts around it, Haven on the south-west shore. */
export function zuiderhavenDistricts(): Collection {
  const rnd = prng(33);
  const [cx, cy] = [118_500, 402_300];
  const step = 5;
  const angles = Array.from({ length: 360 / step }, (_, i) => i * step);
  const inner = new Map(angles.map((a) => [a, 900 + rnd() * 350] as const));
  const outer = new Map(angles.map((a) => [a, 2600 + rnd() * 700 - (a > 200 && a < 250 ? 300 : 0)] as const));
  const at = (a: number, r: number): [number, number] => [Math.round(cx + r * Math.cos((a * Math.PI) / 180)), Math.round(cy + r * Math.sin((a * Math.PI) / 180))];
  // A kink half-way along every radial border, shared by both neighbours.
  const mid = new Map(angles.map((a) => [a, at(a + (rnd() - 0.5) * 6, (inner.get(a)! + outer.get(a)!) / 2)] as const));
  const norm = (a: number) => ((a % 360) + 360) % 360;
  const arc = (from: number, to: number, radius: Map<number, number>): Ring => {
    const pts: Ring = [];
    for (let a = from; a <= to; a += step) pts.push(at(a, radius.get(norm(a))!));
    return pts;
  };
  const sector = (from: number, to: number): Ring => {
    const ring: Ring = [...arc(from, to, outer), mid.get(norm(to))!, ...arc(from, to, inner).reverse(), mid.get(norm(from))!];
    return [...ring, ring[0]!];
  };
  const centre: Ring = [...arc(0, 360 - step, inner)];
  const sectors: [string, string, number, number][] = [
    ['W4', 'Oost', -40, 50],
    ['W2', 'Noord', 50, 140],
    ['W5', 'West', 140, 200],
    ['W6', 'Haven', 200, 250],
    ['W3', 'Zuid', 250, 320],
  ];
  const feature = (code: string, name: string, ring: Ring) => ({ type: 'Feature' as const, properties: { statcode: code, statnaam: name, jrstatcode: `2026${code}` }, geometry: { type: 'Polygon' as const, coordinates: [ring] } });
  return {
    type: 'FeatureCollection',
    crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::28992' } },
    features: [feature('W1', 'Centrum', [...centre, centre[0]!]), ...sectors.sort((a, b) => a[0].localeCompare(b[0])).map(([code, name, from, to]) => feature(code, name, sector(from, to)))],
  };
}

/**
 * A grid of `cols` × `rows` buurten (jittered corners, wavy borders of `wave` points per edge), for
 * benchmarks and the 2,000-area limit: codes BU0001…, names 'Buurt 1'….
 */
export function syntheticGrid(cols: number, rows: number, wave = 6, cell = 400): Collection {
  const rnd = prng(cols * 1000 + rows);
  const [x0, y0] = [100_000, 400_000];
  const corner = Array.from({ length: rows + 1 }, (_, j) => Array.from({ length: cols + 1 }, (_, i) => [Math.round(x0 + i * cell + (i && i < cols ? (rnd() - 0.5) * cell * 0.4 : 0)), Math.round(y0 + j * cell + (j && j < rows ? (rnd() - 0.5) * cell * 0.4 : 0))] as [number, number]));
  const edges = new Map<string, [number, number][]>();
  const edge = (a: [number, number], b: [number, number]): [number, number][] => {
    const key = `${a}|${b}`;
    const back = edges.get(`${b}|${a}`);
    if (back) return back.slice().reverse();
    let e = edges.get(key);
    if (!e) {
      e = [a];
      for (let k = 1; k <= wave; k++) {
        const t = k / (wave + 1);
        e.push([Math.round(a[0] + (b[0] - a[0]) * t + (rnd() - 0.5) * cell * 0.08), Math.round(a[1] + (b[1] - a[1]) * t + (rnd() - 0.5) * cell * 0.08)]);
      }
      edges.set(key, e);
    }
    return e;
  };
  const features: Collection['features'] = [];
  for (let j = 0; j < rows; j++)
    for (let i = 0; i < cols; i++) {
      const [a, b, c, d] = [corner[j]![i]!, corner[j]![i + 1]!, corner[j + 1]![i + 1]!, corner[j + 1]![i]!];
      const ring: Ring = [...edge(a, b), ...edge(b, c), ...edge(c, d), ...edge(d, a)];
      const n = j * cols + i + 1;
      features.push({ type: 'Feature', properties: { statcode: `BU${String(n).padStart(4, '0')}`, statnaam: `Buurt ${n}` }, geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]!]] } });
    }
  return { type: 'FeatureCollection', crs: { type: 'name', properties: { name: 'EPSG:28992' } }, features };
}
