import { describe, expect, it } from 'vitest';
import { isAllowedUrl, markdownToText, renderMarkdown } from '../../src/shared/markdown';

describe('renderMarkdown', () => {
  it('renders emphasis, headings, lists and quotes', () => {
    const html = renderMarkdown('### Kop\n\n**vet** en *schuin*\n\n- een\n- twee\n\n1. eerste\n\n> citaat');
    expect(html).toContain('<h3>Kop</h3>');
    expect(html).toContain('<strong>vet</strong>');
    expect(html).toContain('<em>schuin</em>');
    expect(html).toMatch(/<ul>\s*<li>een<\/li>/);
    expect(html).toMatch(/<ol>\s*<li>eerste<\/li>/);
    expect(html).toContain('<blockquote>');
  });

  it('opens markdown, linkified and raw-html links in a new tab', () => {
    const html = renderMarkdown('[site](https://impulz.nl/a?b=1&c=2) https://www.example.nl/pagina <a href="/x" target="_self">x</a>');
    const anchors = html.match(/<a [^>]*>/g) ?? [];
    expect(anchors).toHaveLength(3);
    for (const a of anchors) expect(a).toContain('target="_blank" rel="noopener noreferrer"');
    expect(html).not.toContain('_self');
    expect(html).toContain('href="https://impulz.nl/a?b=1&amp;c=2"');
    expect(html).toContain('href="https://www.example.nl/pagina"');
  });

  it('refuses scripting and file schemes in markdown and raw html', () => {
    const html = renderMarkdown(
      '[a](javascript:alert(1)) [b](vbscript:x) [c](file:///etc/passwd) ' +
        '<a href="java&#x09;script:alert(1)">d</a> <a href="JaVaScRiPt:alert(1)">e</a>',
    );
    // Refused markdown links stay visible as text; no anchor may carry the scheme.
    const anchors = (html.match(/<a [^>]*>/g) ?? []).join(' ').toLowerCase();
    expect(anchors).toContain('<a ');
    expect(anchors).not.toMatch(/javascript|vbscript|file:/);
    expect(html).not.toContain('href="file');
  });

  it('allows data: only for gif, png, jpeg and webp images', () => {
    const ok = renderMarkdown('![p](data:image/png;base64,iVBORw0KGgo=)');
    expect(ok).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    const svg = renderMarkdown('<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="s">');
    expect(svg).not.toContain('svg+xml');
    const html = renderMarkdown('<a href="data:text/html,<script>alert(1)</script>">x</a>');
    expect(html).not.toContain('data:text');
    expect(html).not.toContain('<script');
  });

  it('strips scripts, event handlers and unknown tags but keeps allowed html', () => {
    const html = renderMarkdown('<script>alert(1)</script><img src="/a.png" onerror="alert(1)"><u>x</u><iframe src="https://x"></iframe>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('alert(1)');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('<iframe');
    expect(html).toContain('<img src="/a.png"');
    expect(html).toContain('<u>x</u>');
  });

  it('escapes text that looks like a tag', () => {
    expect(renderMarkdown('5 < 6 en `<b>`')).toContain('&lt;');
  });
});

describe('isAllowedUrl', () => {
  it.each([
    ['https://impulz.nl', true],
    ['/relatief', true],
    ['#anker', true],
    ['mailto:info@impulz.nl', true],
    ['data:image/jpeg;base64,AAA', true],
    ['data:image/webp;base64,AAA', true],
    ['data:image/svg+xml;base64,AAA', false],
    ['javascript:alert(1)', false],
    [' javascript:alert(1)', false],
    ['vbscript:msgbox', false],
    ['file:///c:/x', false],
  ])('%s → %s', (url, allowed) => expect(isAllowedUrl(url)).toBe(allowed));
});

describe('markdownToText', () => {
  it('gives plain text with paragraphs', () => {
    expect(markdownToText('## Titel\n\n**A** &amp; b <script>x</script>')).toBe('Titel\n\nA & b');
  });
});
