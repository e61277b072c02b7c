import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { FRAME_ANCESTORS_HEADER } from '../../src/server/middleware/content-security-policy';
import { responseHeaders } from '../../src/server/middleware/response-headers';
import { embedSnippet } from '../../src/shared/sharing';

/** Only the embeddable public page names websites that may frame it; everything else stays 'none'. */
function app() {
  const a = new Hono();
  a.use(responseHeaders);
  a.get('/page', (c) => c.html('<p>x</p>'));
  a.get('/embed', (c) => {
    c.header(FRAME_ANCESTORS_HEADER, 'www.gemeente.nl *.gemeente.nl');
    return c.html('<p>x</p>');
  });
  a.get('/embed-304', () => new Response(null, { status: 304, headers: { [FRAME_ANCESTORS_HEADER]: 'www.gemeente.nl', ETag: '"x"' } }));
  a.get('/json-asks', (c) => {
    c.header(FRAME_ANCESTORS_HEADER, 'evil.nl');
    return c.json({ a: 1 });
  });
  return a;
}

describe('frame-ancestors', () => {
  it("keeps frame-ancestors 'none' and X-Frame-Options DENY on ordinary pages", async () => {
    const res = await app().request('/page');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('lists the organisation’s websites for the embed page, without X-Frame-Options and without the private header', async () => {
    const res = await app().request('/embed');
    expect(res.headers.get('content-security-policy')).toContain('frame-ancestors www.gemeente.nl *.gemeente.nl');
    expect(res.headers.get('content-security-policy')).not.toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get(FRAME_ANCESTORS_HEADER)).toBeNull();
  });

  it('adds no X-Frame-Options to the embed page’s 304 (it would replace the stored headers)', async () => {
    const res = await app().request('/embed-304');
    expect(res.status).toBe(304);
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('content-security-policy')).toBeNull();
  });

  it('ignores the header on non-HTML answers', async () => {
    const res = await app().request('/json-asks');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get(FRAME_ANCESTORS_HEADER)).toBeNull();
  });
});

describe('embedSnippet', () => {
  it('frames the embed layout and only listens to the portal’s own height messages for this report', () => {
    const code = embedSnippet('https://portal.example.nl', '/portal/public/report/7', 7, 'Peiling "2026" <A&B>');
    expect(code).toContain('src="https://portal.example.nl/portal/public/report/7?embed=1"');
    expect(code).toContain('title="Rapportage: Peiling &quot;2026&quot; &lt;A&amp;B&gt;"');
    expect(code).toContain("e.origin!=='https://portal.example.nl'");
    expect(code).toContain('e.data.report!==7');
  });
});
