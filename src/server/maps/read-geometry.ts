import { JSONParser } from '@streamparser/json';
import proj4 from 'proj4';
import { mapsNl } from '../../shared/i18n/maps';

/** RD New (EPSG:28992) with the datum shift to WGS84 that the EPSG registry and PDOK publish. */
export const RD_NEW = '+proj=sterea +lat_0=52.15616055555555 +lon_0=5.38763888888889 +k=0.9999079 +x_0=155000 +y_0=463000 +ellps=bessel +towgs84=565.417,50.3319,465.552,-0.398957,0.343988,-1.8774,4.0725 +units=m +no_defs';
const rdToWgs84 = proj4(RD_NEW, 'WGS84');

export const MAX_AREAS = 2000;

/** A ring as interleaved coordinates x₀, y₀, x₁, y₁, … (16 bytes a point; the file's arrays are not kept). */
export type Ring = Float64Array;
export interface Area {
  code: string;
  name: string;
  /** MultiPolygon rings in WGS84 (lon, lat interleaved), exterior rings clockwise (d3-geo's spherical convention). */
  polygons: Ring[][];
}

/** A file that can't become a map; `field` is the form field the Dutch message belongs to. */
export class GeometryError extends Error {
  constructor(
    readonly field: 'file' | 'code_property' | 'name_property',
    message: string,
  ) {
    super(message);
  }
}

/** RD New (metres) → WGS84 [lon, lat]. */
export function rdToLonLat(x: number, y: number): [number, number] {
  const [lon, lat] = rdToWgs84.forward([x, y]);
  return [lon!, lat!];
}

interface GeoFeature {
  type?: string;
  properties?: Record<string, unknown> | null;
  geometry?: { type?: string; coordinates?: unknown } | null;
}

/** The rings of a Polygon or MultiPolygon geometry as typed arrays (others: null), coordinates checked. */
function polygonsOf(g: GeoFeature['geometry']): Ring[][] | null {
  if (!g || (g.type !== 'Polygon' && g.type !== 'MultiPolygon')) return null;
  const polys = (g.type === 'Polygon' ? [g.coordinates] : g.coordinates) as unknown;
  if (!Array.isArray(polys)) throw new GeometryError('file', mapsNl.notGeo);
  return polys.map((poly: unknown) => {
    if (!Array.isArray(poly)) throw new GeometryError('file', mapsNl.notGeo);
    return poly.map((ring: unknown) => {
      if (!Array.isArray(ring) || !ring.length) throw new GeometryError('file', mapsNl.notGeo);
      const out = new Float64Array(ring.length * 2);
      ring.forEach((p: unknown, i) => {
        if (!Array.isArray(p) || !Number.isFinite(p[0]) || !Number.isFinite(p[1])) throw new GeometryError('file', mapsNl.notGeo);
        out[2 * i] = p[0] as number;
        out[2 * i + 1] = p[1] as number;
      });
      return out;
    });
  });
}

type Crs = 'wgs84' | 'rd';

/** The named CRS of a GeoJSON (2008 `crs` member, as PDOK writes it), else the coordinates' range. */
function detectCrs(crs: { properties?: { name?: unknown } } | undefined, areas: Ring[][][]): Crs {
  const name = crs?.properties?.name;
  if (typeof name === 'string') {
    if (/(^|[^0-9])28992$/.test(name)) return 'rd';
    if (/(^|[^0-9])4326$|CRS84$/i.test(name)) return 'wgs84';
    throw new GeometryError('file', mapsNl.unknownProjection);
  }
  let degrees = true;
  let rd = true;
  for (const polys of areas)
    for (const poly of polys)
      for (const ring of poly)
        for (let i = 0; i < ring.length; i += 2) {
          const x = ring[i]!;
          const y = ring[i + 1]!;
          if (degrees && (Math.abs(x) > 180 || Math.abs(y) > 90)) degrees = false;
          if (rd && (x < -7000 || x > 300000 || y < 289000 || y > 629000)) rd = false;
          if (!degrees && !rd) throw new GeometryError('file', mapsNl.unknownProjection);
        }
  return degrees ? 'wgs84' : 'rd';
}

/** Shoelace area in the plane of lon/lat (north up), as Σ (x₂ − x₁)(y₂ + y₁) / −2: negative = clockwise. */
function signedArea(ring: Ring): number {
  let s = 0;
  const n = ring.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) s += (ring[2 * j]! - ring[2 * i]!) * (ring[2 * j + 1]! + ring[2 * i + 1]!);
  return s / 2;
}

/** The points of a ring in reverse order, in place. */
function reverseRing(ring: Ring): void {
  for (let i = 0, j = ring.length / 2 - 1; i < j; i++, j--) {
    const [x, y] = [ring[2 * i]!, ring[2 * i + 1]!];
    ring[2 * i] = ring[2 * j]!;
    ring[2 * i + 1] = ring[2 * j + 1]!;
    ring[2 * j] = x;
    ring[2 * j + 1] = y;
  }
}

/** d3-geo reads a polygon as the sphere minus its ring unless exteriors run clockwise and holes anticlockwise (GeoJSON RFC 7946 has it the other way). In place. */
function rewind(poly: Ring[]): Ring[] {
  poly.forEach((ring, i) => {
    const a = signedArea(ring);
    if (i === 0 ? a > 0 : a < 0) reverseRing(ring);
  });
  return poly;
}

/** RD New → WGS84 in place. */
function reprojectInPlace(poly: Ring[]): Ring[] {
  for (const ring of poly)
    for (let i = 0; i < ring.length; i += 2) {
      const [lon, lat] = rdToLonLat(ring[i]!, ring[i + 1]!);
      ring[i] = lon;
      ring[i + 1] = lat;
    }
  return poly;
}

function property(props: Record<string, unknown> | null | undefined, key: string): string | null {
  const v = props?.[key];
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
}

export interface AreaProperties {
  code: string;
  name: string;
}

interface Read {
  /** The code and name property values when the properties were known while reading, else the feature's properties. */
  props: Record<string, unknown> | null;
  polys: Ring[][];
}

/**
 * Reads a boundary file as it arrives (GeoJSON or TopoJSON, UTF-8, in chunks of any size) and
 * keeps only what a map needs: per area with polygons its rings as typed arrays and its code and
 * name. A streaming JSON tokenizer (`@streamparser/json`) hands over one feature at a time, so
 * the parsed tree of the whole file never exists: memory is the file's points at 16 bytes each
 * plus one feature. A TopoJSON's arcs come one at a time into typed arrays too; its `objects`
 * (arc indexes and properties) are read whole.
 *
 * `properties`: the code and name property when known before the file arrives (the upload form
 * sends them first); otherwise every feature's properties are kept until `finish` (at most 2,000
 * areas are kept at all).
 */
export class GeometryReader {
  private readonly parser = new JSONParser({ paths: ['$.type', '$.crs', '$.features.*', '$.geometry', '$.properties', '$.objects', '$.arcs.*', '$.transform'], keepStack: false });
  /** A TopoJSON's arcs as they arrive, each as interleaved numbers (still delta-encoded when the file has a transform). */
  private readonly arcs: Float64Array[] = [];
  private readonly top: Record<string, unknown> = {};
  private readonly read: Read[] = [];
  private count = 0;
  private available: string[] | null = null;
  private featuresAsArray = true;
  /** The first refusal while reading; the rest of the file is then skipped and `finish` throws it. */
  private broken: GeometryError | null = null;

  constructor(private readonly properties: AreaProperties | null) {
    this.parser.onValue = ({ value, key, parent, stack }) => {
      if (stack.length === 2 && stack[1]!.key === 'features') {
        if (!Array.isArray(parent)) this.featuresAsArray = false;
        else this.feature(value as GeoFeature);
      } else if (stack.length === 2 && stack[1]!.key === 'arcs') {
        if (Array.isArray(parent) && typeof key === 'number') this.arcs[key] = numbersOf(value);
      } else if (stack.length === 1 && typeof key === 'string') this.top[key] = value;
    };
  }

  private feature(f: GeoFeature): void {
    const polys = f && typeof f === 'object' ? polygonsOf(f.geometry) : null;
    this.add(f?.properties, polys);
  }

  private add(properties: unknown, polys: Ring[][] | null): void {
    if (!polys || !polys.length) return;
    this.count++;
    const props = properties && typeof properties === 'object' ? (properties as Record<string, unknown>) : null;
    this.available ??= Object.keys(props ?? {});
    // Past the limit only counted (the refusal names the number), nothing kept.
    if (this.count > MAX_AREAS) return;
    const kept = this.properties ? { [this.properties.code]: props?.[this.properties.code], [this.properties.name]: props?.[this.properties.name] } : props;
    this.read.push({ props: kept, polys });
  }

  /** One chunk of the file (its bytes as they arrive, or text). Never throws: a refusal waits for `finish`, so the form's other fields are checked first as before. */
  write(chunk: Uint8Array | string): void {
    if (this.broken) return;
    try {
      this.parser.write(chunk);
    } catch (error) {
      this.broken = error instanceof GeometryError ? error : new GeometryError('file', mapsNl.notGeo);
      this.read.length = 0;
    }
  }

  /**
   * The areas, reprojected to WGS84 and wound for d3-geo. Refused (GeometryError, Dutch): not
   * GeoJSON/TopoJSON, no polygons, an unknown projection, more than 2,000 areas, a code or name
   * property missing, duplicate codes.
   */
  finish(codeProperty: string, nameProperty: string): Area[] {
    if (this.broken) throw this.broken;
    try {
      if (!this.parser.isEnded) this.parser.end();
    } catch {
      throw new GeometryError('file', mapsNl.notGeo);
    }
    const type = this.top.type;
    if (type === 'Topology') this.topology();
    else if (type === 'Feature') this.feature({ type, geometry: this.top.geometry as GeoFeature['geometry'], properties: this.top.properties as GeoFeature['properties'] });
    else if (type !== 'FeatureCollection' || !this.featuresAsArray) throw new GeometryError('file', mapsNl.notGeo);
    const read = this.read.splice(0);
    if (!this.count) throw new GeometryError('file', mapsNl.noPolygons);
    if (this.count > MAX_AREAS) throw new GeometryError('file', mapsNl.tooMany(this.count, MAX_AREAS));
    const available = this.available ?? [];
    for (const [field, key] of [['code_property', codeProperty], ['name_property', nameProperty]] as const) {
      const missing = read.filter((f) => property(f.props, key) === null).length;
      if (missing) throw new GeometryError(field, mapsNl.missingProperty(key, missing, available));
    }
    const seen = new Set<string>();
    const dupes = new Set<string>();
    for (const f of read) {
      const code = property(f.props, codeProperty)!;
      if (seen.has(code)) dupes.add(code);
      seen.add(code);
    }
    if (dupes.size) throw new GeometryError('code_property', mapsNl.duplicateCodes([...dupes]));
    const crs = detectCrs(this.top.crs as never, read.map((f) => f.polys));
    return read.map((f) => ({
      code: property(f.props, codeProperty)!,
      name: property(f.props, nameProperty)!,
      polygons: f.polys.map((poly) => rewind(crs === 'rd' ? reprojectInPlace(poly) : poly)),
    }));
  }

  /**
   * A TopoJSON's objects (every object; a GeometryCollection's geometries each an area) as
   * topojson-client's `feature` reads them — arcs decoded with the transform, joined (each next
   * arc without its first point), reversed for negative indexes, rings padded to four points —
   * but straight into typed arrays.
   */
  private topology(): void {
    const { objects, transform } = this.top as { objects?: unknown; transform?: { scale?: unknown; translate?: unknown } };
    if (!objects || typeof objects !== 'object') throw new GeometryError('file', mapsNl.notGeo);
    if (transform) {
      const [kx, ky] = Array.isArray(transform.scale) ? (transform.scale as number[]) : [];
      const [dx, dy] = Array.isArray(transform.translate) ? (transform.translate as number[]) : [];
      for (const a of this.arcs) {
        if (!a) continue;
        let [x0, y0] = [0, 0];
        for (let k = 0; k < a.length; k += 2) {
          a[k] = (x0 += a[k]!) * kx! + dx!;
          a[k + 1] = (y0 += a[k + 1]!) * ky! + dy!;
        }
      }
    }
    const ring = (indexes: unknown): Ring => {
      if (!Array.isArray(indexes)) throw new GeometryError('file', mapsNl.notGeo);
      const points: number[] = [];
      for (const i of indexes) {
        const a = typeof i === 'number' ? this.arcs[i < 0 ? ~i : i] : undefined;
        if (!a) throw new GeometryError('file', mapsNl.notGeo);
        if (points.length) points.length -= 2;
        const from = points.length;
        for (let k = 0; k < a.length; k++) points.push(a[k]!);
        if (i < 0) {
          for (let p = from, q = points.length - 2; p < q; p += 2, q -= 2) {
            [points[p], points[q]] = [points[q]!, points[p]!];
            [points[p + 1], points[q + 1]] = [points[q + 1]!, points[p + 1]!];
          }
        }
      }
      if (!points.length) throw new GeometryError('file', mapsNl.notGeo);
      while (points.length < 8) points.push(points[0]!, points[1]!);
      for (const v of points) if (!Number.isFinite(v)) throw new GeometryError('file', mapsNl.notGeo);
      return Float64Array.from(points);
    };
    const polygon = (rings: unknown): Ring[] => {
      if (!Array.isArray(rings)) throw new GeometryError('file', mapsNl.notGeo);
      return rings.map(ring);
    };
    const geometry = (o: { type?: unknown; arcs?: unknown; properties?: unknown }) => {
      if (o.type === 'Polygon') this.add(o.properties ?? {}, [polygon(o.arcs)]);
      else if (o.type === 'MultiPolygon') {
        if (!Array.isArray(o.arcs)) throw new GeometryError('file', mapsNl.notGeo);
        this.add(o.properties ?? {}, o.arcs.map(polygon));
      }
    };
    for (const obj of Object.values(objects as Record<string, { type?: unknown; geometries?: unknown }>)) {
      if (!obj || typeof obj !== 'object') throw new GeometryError('file', mapsNl.notGeo);
      if (obj.type === 'GeometryCollection') {
        if (!Array.isArray(obj.geometries)) throw new GeometryError('file', mapsNl.notGeo);
        for (const g of obj.geometries) if (g && typeof g === 'object') geometry(g);
      } else geometry(obj);
    }
    this.arcs.length = 0;
    delete this.top.objects;
  }
}

/** A TopoJSON arc's positions as interleaved numbers (x, y; more dimensions dropped, anything else NaN). */
function numbersOf(value: unknown): Float64Array {
  const list = Array.isArray(value) ? value : [];
  const out = new Float64Array(list.length * 2);
  list.forEach((p: unknown, i) => {
    out[2 * i] = Array.isArray(p) && typeof p[0] === 'number' ? p[0] : NaN;
    out[2 * i + 1] = Array.isArray(p) && typeof p[1] === 'number' ? p[1] : NaN;
  });
  return out;
}

/** The areas of a boundary file given whole (tests, seed, benches): as GeometryReader reads an upload. */
export function readGeometry(text: string, codeProperty: string, nameProperty: string): Area[] {
  const reader = new GeometryReader({ code: codeProperty, name: nameProperty });
  reader.write(text);
  return reader.finish(codeProperty, nameProperty);
}
