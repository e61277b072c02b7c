import { describe, expect, it } from 'vitest';
import { type Cube, CubeBuilder, CubeCache, cubeByteSize, numericValues, planeCodes, cubeKindOf, fixedCodes, marginOfError, dayFromIso, deserializeCube, isoFromDay, periodIndex, periodStart, serializeCube } from '../../../src/server/analytics';
import { buildCube } from './feed';
import { generateDataset, prng } from './generate';

function plain(c: Cube) {
  return {
    meta: [c.surveyId, c.version, c.rowCount],
    days: [...c.days],
    columns: c.columns.map((col) => ({
      key: col.key,
      source: col.source,
      kind: col.kind,
      codes: 'codes' in col ? col.codes : null,
      scores: col.kind === 'single' ? [...col.scores].map(String) : null,
      dictionary: col.kind === 'text' ? col.dictionary : null,
      data: col.kind === 'multi' ? [[...col.answeredBits], ...col.optionBits.map((b) => [...b])] : col.kind === 'numeric' ? [...numericValues(col)].map(String) : [...planeCodes(col.planes, c.rowCount)].map(String),
    })),
  };
}

describe('cube builder', () => {
  it('gives the same cube whatever order responses, days and values arrive in', () => {
    const ds = generateDataset(5, 300);
    const a = buildCube(ds, prng(1));
    const b = buildCube(ds, prng(2));
    expect(plain(a)).toEqual(plain(b));
    expect([...a.days]).toEqual([...ds.responses.map((r) => r.day)].sort((x, y) => x - y));
  });

  it('gives the same cube, byte for byte, when built with pauses between columns (buildPaced)', async () => {
    const ds = generateDataset(7, 400);
    const feed = () => {
      const b = new CubeBuilder(3, 2, ds.defs);
      for (const r of ds.responses) {
        b.setDay(r.id, r.day, r.complete !== false);
        for (const def of ds.defs) {
          const v = r.values[def.key];
          if (Array.isArray(v)) {
            if (v.length === 0) b.markAnswered(r.id, def.key);
            for (const code of v) b.setValue(r.id, def.key, code);
          } else b.setValue(r.id, def.key, v);
        }
      }
      return b;
    };
    const whole = feed().build();
    let pauses = 0;
    const paced = await feed().buildPaced(async () => void pauses++, 2);
    expect(pauses).toBe(Math.floor(ds.defs.length / 2));
    expect(serializeCube(paced.cube)).toEqual(serializeCube(whole.cube));
    expect(paced.report).toEqual(whole.report);
  });

  it('keeps days and values of rows registered while its arrays grow (days first)', () => {
    const b = new CubeBuilder(1, 1, [{ key: 'n', kind: 'numeric' }]);
    for (let i = 0; i < 1000; i++) b.setDay(`x${i}`, 20_000 + (i % 7));
    for (let i = 999; i >= 0; i--) b.setValue(`x${i}`, 'n', i);
    const { cube, report } = b.build();
    expect(cube.rowCount).toBe(1000);
    expect(report.rowsWithoutDay).toBe(0);
    const col = cube.byKey.get('n')!;
    if (col.kind !== 'numeric') throw new Error('kind');
    expect([...numericValues(col)].reduce((s, v) => s + v, 0)).toBe((999 * 1000) / 2);
  });

  it('reports rejected values, rows without a day and long text columns it leaves out', () => {
    const b = new CubeBuilder(1, 1, [
      { key: 's', kind: 'single', options: [{ code: 'A' }] },
      { key: 'n', kind: 'numeric' },
      { key: 'long', kind: 'text', maxDistinct: 2 },
    ]);
    b.setDay(1, 5).setValue(1, 's', 'Z').setValue(1, 'n', 'abc').setValue(1, 'long', 'een');
    b.setValue(2, 'long', 'twee').setValue(3, 'long', 'drie');
    const { cube, report } = b.build();
    expect(report).toEqual({ droppedColumns: ['long'], rejectedValues: { s: 1, n: 1 }, rowsWithoutDay: 2, incompleteRows: 0 });
    expect(cube.columns.map((c) => c.key)).toEqual(['s', 'n']);
    expect(() => b.setValue(1, 'nope', 1)).toThrow(/unknown column/);
  });
});

describe('cube serialisation', () => {
  it('round-trips every column kind, also from an unaligned buffer', () => {
    const ds = generateDataset(9, 777);
    const cube = buildCube(ds, prng(4), 42, 7);
    const blob = serializeCube(cube);
    expect(plain(deserializeCube(blob))).toEqual(plain(cube));
    const shifted = new Uint8Array(blob.byteLength + 3);
    shifted.set(blob, 3);
    expect(plain(deserializeCube(shifted.subarray(3)))).toEqual(plain(cube));
    expect(plain(deserializeCube(blob.slice().buffer))).toEqual(plain(cube));
  });

  it('refuses foreign and truncated blobs', () => {
    const blob = serializeCube(buildCube(generateDataset(1, 50), prng(1)));
    expect(() => deserializeCube(new Uint8Array(40))).toThrow(/not a cube/);
    expect(() => deserializeCube(blob.subarray(0, blob.byteLength - 16))).toThrow(/truncated/);
    const wrongVersion = blob.slice();
    wrongVersion[8] = 99;
    expect(() => deserializeCube(wrongVersion)).toThrow(/unsupported/);
  });
});

describe('cube cache', () => {
  it('is an LRU bounded by bytes, keyed by survey and version', () => {
    const mk = (id: number, v: number) => buildCube(generateDataset(id, 200), prng(id), id, v);
    const a = mk(1, 1);
    const b = mk(2, 1);
    const c = mk(3, 1);
    const sizes = [a, b, c].map(cubeByteSize);
    const cache = new CubeCache(sizes[0]! + Math.max(sizes[1]!, sizes[2]!));
    cache.set(a);
    cache.set(b);
    expect(cache.get(1, 1)).toBe(a);
    cache.set(c);
    expect(cache.get(2, 1)).toBeUndefined();
    expect(cache.get(1, 1)).toBe(a);
    expect(cache.get(1, 2)).toBeUndefined();
    expect(cache.size).toBe(2);
  });
});

describe('days', () => {
  it('converts ISO dates and finds calendar periods', () => {
    expect(dayFromIso('1970-01-01')).toBe(0);
    expect(isoFromDay(dayFromIso('2024-02-29'))).toBe('2024-02-29');
    const d = dayFromIso('2024-05-15');
    expect(isoFromDay(periodStart(periodIndex(d, 'week'), 'week'))).toBe('2024-05-13');
    expect(isoFromDay(periodStart(periodIndex(d, 'month'), 'month'))).toBe('2024-05-01');
    expect(isoFromDay(periodStart(periodIndex(d, 'quarter'), 'quarter'))).toBe('2024-04-01');
    expect(isoFromDay(periodStart(periodIndex(d, 'year'), 'year'))).toBe('2024-01-01');
  });
});

describe('margin of error', () => {
  it('is 100·z·√(p(1−p)/n)·√((N−n)/(N−1)) in percentage points', () => {
    expect(marginOfError(100, undefined)).toBeCloseTo(9.79982, 4);
    expect(marginOfError(100, { confidenceLevel: 90 })).toBeCloseTo(8.22427, 4);
    expect(marginOfError(100, { confidenceLevel: 99, populationSize: 1000 })).toBeCloseTo(12.8791 * Math.sqrt(900 / 999), 3);
    expect(marginOfError(500, { populationSize: 500 })).toBe(0);
    expect(marginOfError(0, undefined)).toBeNull();
  });
});

describe('LimeSurvey question types', () => {
  it('map to cube column kinds, long text and boilerplate stay out', () => {
    expect(['L', 'F', '5', 'R'].map(cubeKindOf)).toEqual(['single', 'single', 'single', 'single']);
    expect(['M', 'P', 'N', 'K', 'S', 'Q'].map(cubeKindOf)).toEqual(['multi', 'multi', 'numeric', 'numeric', 'text', 'text']);
    expect(['T', 'U', 'X', '|', 'D'].map(cubeKindOf)).toEqual([null, null, null, null, null]);
    expect(fixedCodes('B')).toHaveLength(10);
    expect(fixedCodes('L')).toBeNull();
  });
});
