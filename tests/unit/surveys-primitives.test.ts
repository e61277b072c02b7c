import { describe, expect, it } from 'vitest';
import { marginOfError } from '../../src/server/services/surveys/accuracy';
import { CsvParser, detectSeparator } from '../../src/server/services/surveys/responses/csv-parser';
import { randomTokens } from '../../src/server/services/surveys/token-job';
import { retryDelaySeconds } from '../../src/server/jobs/consumer';

describe('CsvParser', () => {
  const text = 'id;tekst;n\r\n1;"a;b ""c""\nd";3\n2;;\r"";x;\n';
  const expected = [
    { fields: ['id', 'tekst', 'n'], line: 1 },
    { fields: ['1', 'a;b "c"\nd', '3'], line: 2 },
    { fields: ['2', '', ''], line: 4 },
    { fields: ['', 'x', ''], line: 5 },
  ];
  for (const size of [1, 2, 3, 7, 1000]) {
    it(`gives the same records whatever the chunk size (${size})`, () => {
      const p = new CsvParser(';');
      const out: { fields: string[]; line: number }[] = [];
      for (let i = 0; i < text.length; i += size) p.feed(text.slice(i, i + size), out);
      p.end(out);
      expect(out).toEqual(expected);
    });
  }
  it('detects the separator outside quotes', () => {
    expect(detectSeparator('"a,b";c;d')).toBe(';');
    expect(detectSeparator('a\tb\tc')).toBe('\t');
    expect(detectSeparator('a,b,c')).toBe(',');
  });
});

describe('tokens', () => {
  it('are alphanumeric, of the asked length and unbiased enough', () => {
    const tokens = randomTokens(20_000, 15);
    expect(new Set(tokens).size).toBe(20_000);
    expect(tokens.every((t) => /^[A-Za-z0-9]{15}$/.test(t))).toBe(true);
    const counts = new Map<string, number>();
    for (const t of tokens) for (const c of t) counts.set(c, (counts.get(c) ?? 0) + 1);
    const mean = (20_000 * 15) / 62;
    for (const n of counts.values()) expect(Math.abs(n - mean) / mean).toBeLessThan(0.1);
  });
});

describe('marginOfError', () => {
  it('is the 95% margin at p = 0.5 with the finite population correction', () => {
    expect(marginOfError(400, null, 95)).toBe(4.9);
    expect(marginOfError(400, 1000, 95)).toBe(3.8);
    expect(marginOfError(1000, 1000, 95)).toBe(0);
    expect(marginOfError(0, 1000, 95)).toBeNull();
    expect(marginOfError(1067, null, 99)).toBe(3.9);
  });
});

describe('job retries', () => {
  it('back off 10 s, 40 s, 160 s … capped at 15 minutes', () => {
    expect([1, 2, 3, 4, 9].map(retryDelaySeconds)).toEqual([10, 40, 160, 640, 900]);
  });
});
