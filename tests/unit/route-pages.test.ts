import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/shared/routes';

/**
 * The route table (spec 000 §2) and the Astro pages agree: every route has a page, and every page
 * has a route (the page guard answers 404 for a path that isn't in the table, so a page without
 * an entry could never be opened). Parameter names may differ; their places may not.
 */
const PAGES = 'src/pages';
const shape = (path: string) => path.replace(/:\w+/g, ':').replace(/\/+$/, '') || '/';

const pageShapes = readdirSync(PAGES, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.astro') && !f.split('/').some((part) => part.startsWith('_')))
  .map((f) => ({
    file: f,
    shape: shape(`/${f.replace(/\.astro$/, '').replace(/(^|\/)index$/, '')}`.replace(/\[\w+\]/g, ':')),
  }));

describe('route table ↔ pages', () => {
  it('finds the pages', () => expect(pageShapes.length).toBeGreaterThan(80));

  it('has a page for every route of the table', () => {
    const shapes = new Set(pageShapes.map((p) => p.shape));
    expect(ROUTES.filter((r) => !shapes.has(shape(r.path))).map((r) => `${r.name} ${r.path}`)).toEqual([]);
  });

  it('has a route for every page', () => {
    const shapes = new Set(ROUTES.map((r) => shape(r.path)));
    expect(pageShapes.filter((p) => !shapes.has(p.shape)).map((p) => p.file)).toEqual([]);
  });
});
