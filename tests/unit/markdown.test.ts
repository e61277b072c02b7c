import { describe, expect, it } from 'vitest';
import { isAllowedUrl, markdownToText, renderMarkdown } from '../../src/shared/markdown';
import { dedent, enterInList, heading, indent, link, list, quote, wrap, type EditState } from '../../src/islands/markdown/commands';

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

describe('markdown editor commands', () => {
  const at = (value: string, start: number, end = start): EditState => ({ value, start, end });

  it('wraps the selection in bold and unwraps it again', () => {
    const bold = wrap(at('een woord', 4, 9), '**', 'vet');
    expect(bold).toEqual({ value: 'een **woord**', start: 6, end: 11 });
    expect(wrap(bold, '**', 'vet')).toEqual({ value: 'een woord', start: 4, end: 9 });
    expect(wrap(at('', 0), '*', 'schuin')).toEqual({ value: '*schuin*', start: 1, end: 7 });
  });

  it('cycles headings 3 to 6 and back to plain text', () => {
    let s = at('Titel', 0);
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      s = heading(s, 'Kop');
      seen.push(s.value);
    }
    expect(seen).toEqual(['### Titel', '#### Titel', '##### Titel', '###### Titel', 'Titel']);
  });

  it('makes and removes bullet and numbered lists over several lines', () => {
    const s = at('a\nb\nc', 0, 5);
    const ol = list(s, true);
    expect(ol.value).toBe('1. a\n2. b\n3. c');
    expect(list(ol, true).value).toBe('a\nb\nc');
    expect(list(s, false).value).toBe('- a\n- b\n- c');
  });

  it('quotes, indents and dedents the selected lines', () => {
    expect(quote(at('x\ny', 0, 3)).value).toBe('> x\n> y');
    expect(quote(at('> x', 0)).value).toBe('x');
    expect(indent(at('- a', 0)).value).toBe('  - a');
    expect(dedent(at('  - a', 3)).value).toBe('- a');
  });

  it('inserts links and images around the selection', () => {
    expect(link(at('zie hier', 4, 8), 'https://impulz.nl', 'tekst').value).toBe('zie [hier](https://impulz.nl)');
    expect(link(at('', 0), '/a.png', 'beschrijving', true)).toEqual({ value: '![beschrijving](/a.png)', start: 2, end: 14 });
  });

  it('continues a list on Enter and ends it on an empty item', () => {
    const next = enterInList(at('- een', 5))!;
    expect(next.value).toBe('- een\n- ');
    expect(next.start).toBe(8);
    expect(enterInList(at('3. drie', 7))!.value).toBe('3. drie\n4. ');
    expect(enterInList(at('  * diep', 8))!.value).toBe('  * diep\n  * ');
    const ended = enterInList(at('- een\n- ', 8))!;
    expect(ended.value).toBe('- een\n');
    expect(ended.start).toBe(6);
    expect(enterInList(at('gewone tekst', 12))).toBeNull();
  });
});
