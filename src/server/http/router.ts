import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';

/**
 * The app's router (issue 20): Hono's trie router with the lookups remembered per isolate.
 *
 * Hono's default `SmartRouter` first tries `RegExpRouter`, which refuses our route set: in Hono 4.13
 * it accepts no static segment beside a parameter at the same place in one method's routes, and the
 * spec's URLs have 44 such paths (`GET panel/index-items` beside `GET panel/:id`, `survey/lime` beside
 * `survey/:id`, `survey/:id/responses/:rid` beside `survey/:id/:lang` …; tests/unit/router.test.ts
 * lists them) — so it falls back to the trie, after building and discarding a RegExpRouter for all
 * 560+ routes in every new isolate. Accepting them would mean other URLs or one handler per clash
 * that dispatches on the segment itself. The trie
 * is used directly here, and since a lookup depends only on method and path, its result is kept in a
 * bounded map: a repeated path (the session check, bootstrap, a report's data) costs one `Map.get`
 * instead of a walk over the trie (~2–3 % of the session check's Worker CPU in profiles). Hono reads
 * match results and never changes them. Many distinct paths (ids) only refill the map.
 */
export class MemoRouter<T> implements Router<T> {
  readonly name = 'MemoRouter';
  readonly #inner: Router<T>;
  readonly #memo = new Map<string, Result<T>>();

  constructor(
    inner: Router<T> = new TrieRouter<T>(),
    private readonly limit = 2000,
  ) {
    this.#inner = inner;
  }

  add(method: string, path: string, handler: T): void {
    this.#memo.clear();
    this.#inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    let result = this.#memo.get(key);
    if (result === undefined) {
      result = this.#inner.match(method, path);
      if (this.#memo.size >= this.limit) this.#memo.clear();
      this.#memo.set(key, result);
    }
    return result;
  }
}
