import { describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD } from '../../scripts/seed/data';
import { HttpSession } from '../helpers/http-session';

const origin = inject('workerUrl');
const PAGE = `${origin}/portal/public/report/1`;

/** The public page as a browser revalidates it (If-None-Match), under workerd with its edge cache. */
const visit = (etag?: string) => fetch(PAGE, { headers: etag ? { 'If-None-Match': etag } : {} });

describe('the public report page in the browser cache', () => {
  it('is revalidated on every visit: unchanged → 304 without a body, after an edit the new version at once', async () => {
    const first = await visit();
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(await first.text()).toContain('Tevredenheid over de buurt');

    const again = await visit(etag);
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    // The 304 refreshes the stored page's headers: a policy on it would replace the page's own
    // (its style hashes), and the browser would show the page unstyled.
    expect(first.headers.get('content-security-policy')).toContain('style-src');
    expect(again.headers.get('content-security-policy')).toBeNull();
    // A CDN that compressed the page sends the weak form back.
    expect((await visit(`W/${etag}`)).status).toBe(304);
    expect((await visit('"iets-anders"')).status).toBe(200);

    const editor = new HttpSession((url, init) => fetch(url, init), origin);
    expect((await editor.login('beheerder@demo.impulz.nl', DEMO_PASSWORD)).status).toBe(200);
    const title = `Tevredenheid over de buurt (bijgewerkt ${Date.now()})`;
    try {
      expect((await editor.fetch('/portal/api/v2/chart/1', { method: 'PUT', json: { title } })).status).toBe(200);
      // The browser still holds the old page and asks with its ETag: it gets the edited one, not a 304.
      const after = await visit(etag);
      expect(after.status).toBe(200);
      expect(after.headers.get('etag')).not.toBe(etag);
      expect(await after.text()).toContain(title);
    } finally {
      await editor.fetch('/portal/api/v2/chart/1', { method: 'PUT', json: { title: 'Tevredenheid over de buurt' } });
    }
  });
});
