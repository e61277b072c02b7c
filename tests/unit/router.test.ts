import { UnsupportedPathError, type Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { MemoRouter } from '../../src/server/http/router';

const app = createApp({ db: () => { throw new Error('no database in this test'); } });
const routes = app.routes.map((r) => [r.method, r.path] as const);
// A request path for every route: parameters filled in, wildcards as one segment.
const requests = [...new Set(routes.map(([m, p]) => `${m === 'ALL' ? 'GET' : m} ${p.replace(/:[^/]+/g, '7').replace(/\*/g, 'x')}`))].map((s) => s.split(' ') as [string, string]);

function filled<R extends Router<number>>(router: R, handler: (i: number) => number): R {
  routes.forEach(([m, p], i) => router.add(m, p, handler(i)));
  return router;
}

describe('the app router (src/server/http/router.ts)', () => {
  it('is the memoised trie router', () => {
    expect(app.router.name).toBe('MemoRouter');
    expect(routes.length).toBeGreaterThan(500);
  });

  it('matches every route exactly as a fresh trie router does, the first time and from memory', () => {
    const trie = filled(new TrieRouter<number>(), (i) => i);
    const memo = filled(new MemoRouter<number>(), (i) => i);
    for (const [method, path] of requests) {
      const expected = trie.match(method, path);
      expect(memo.match(method, path), `${method} ${path}`).toEqual(expected);
      expect(memo.match(method, path), `${method} ${path} (again)`).toEqual(expected);
    }
  });

  it('stays right when the map fills up and starts over', () => {
    const trie = filled(new TrieRouter<number>(), (i) => i);
    const memo = filled(new MemoRouter<number>(undefined, 5), (i) => i);
    for (let round = 0; round < 3; round++) for (const [method, path] of requests.slice(0, 40)) expect(memo.match(method, path)).toEqual(trie.match(method, path));
  });

  it('is still needed: RegExpRouter refuses the route set (a static segment beside a parameter)', () => {
    // When this fails, Hono's RegExpRouter accepts our routes: use it (or SmartRouter) in createApp.
    expect(() => filled(new RegExpRouter<number>(), (i) => i).match('GET', '/portal/auth/login/status')).toThrow(UnsupportedPathError);
    const pair = new RegExpRouter<number>();
    pair.add('GET', '/portal/api/v2/panel/index-items', 1);
    expect(() => pair.add('GET', '/portal/api/v2/panel/:id', 2)).toThrow(UnsupportedPathError);
  });
});
