import { describe, expect, it } from 'vitest';
import { isOriginOf } from '../../src/server/middleware/csrf';

/** The CSRF check's same-origin test answers as `new URL(url).origin === origin` does. */
describe('isOriginOf', () => {
  const cases: [string, string][] = [
    ['https://portal.example.nl', 'https://portal.example.nl/portal/api/v2/data/1/nl/report/1'],
    ['http://127.0.0.1:4531', 'http://127.0.0.1:4531/portal/auth/login'],
    ['http://127.0.0.1:4531', 'http://127.0.0.1:4532/portal/auth/login'],
    ['http://127.0.0.1', 'http://127.0.0.1:4531/portal/auth/login'],
    ['https://portal.example.nl', 'http://portal.example.nl/portal/'],
    ['https://portal.example', 'https://portal.example.nl/portal/'],
    ['https://evil.example', 'https://portal.example.nl/portal/'],
    ['https://portal.example.nl/portal', 'https://portal.example.nl/portal/api/v2/x'],
    ['https://portal.example.nl/', 'https://portal.example.nl/portal/'],
    ['null', 'https://portal.example.nl/portal/'],
    ['portal.example.nl', 'https://portal.example.nl/portal/'],
    ['https://portal.example.nl', 'https://portal.example.nl/?x=1'],
    ['https://portal.example.nl?x', 'https://portal.example.nl/?x=1'],
  ];
  it.each(cases)('%s for %s', (origin, url) => {
    expect(isOriginOf(origin, url)).toBe(new URL(url).origin === origin);
  });
});
