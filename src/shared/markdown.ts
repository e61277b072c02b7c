import MarkdownIt from 'markdown-it';
import xss from 'xss';

// xss is CommonJS: Node's ESM loader only offers its default export (module.exports), which
// carries the named members the typings declare; bundlers (Vite, workerd) accept the same form.
const { FilterXSS, getDefaultWhiteList } = xss as unknown as typeof import('xss');

/**
 * Report texts are markdown written by staff and shown to the public (spec 001 §5/§9):
 * html and linkify are on, links open in a new tab, and everything passes an allow-list
 * sanitiser because raw html is allowed. Runs unchanged in Workers, Node and the browser.
 */

// Images may be inlined as data: only for these raster types; svg could carry script.
const DATA_IMAGE = /^data:image\/(gif|png|jpeg|webp)[;,]/i;
// Any scheme before the first / ? # — relative URLs have none.
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/** The link rule of spec 001 §5: scripting and file schemes refused, data only for raster images. */
export function isAllowedUrl(raw: string): boolean {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex
  const url = raw.replace(/[\u0000-\u0020\u007f]/g, '');
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (!scheme) return true;
  if (scheme === 'data') return DATA_IMAGE.test(url);
  return ALLOWED_SCHEMES.has(scheme);
}

const md = new MarkdownIt({ html: true, linkify: true, breaks: true });
md.validateLink = isAllowedUrl;

const whiteList = getDefaultWhiteList();
// target/rel are set by us below, never taken from the author.
whiteList.a = ['href', 'title'];
whiteList.img = ['src', 'alt', 'title', 'width', 'height'];

const sanitizer = new FilterXSS({
  whiteList,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed'],
  safeAttrValue(_tag, name, value) {
    if (name === 'href' || name === 'src') {
      const decoded = decodeEntities(value.trim());
      return isAllowedUrl(decoded) ? escapeAttr(decoded) : '';
    }
    return escapeAttr(decodeEntities(value));
  },
});

/** Markdown → safe html with every link opening in a new tab. */
export function renderMarkdown(source: string): string {
  const html = sanitizer.process(md.render(source ?? ''));
  // After sanitising, "<a" only starts a real anchor (text "<" is escaped).
  return html.replace(/<a(\s|>)/g, '<a target="_blank" rel="noopener noreferrer"$1');
}

/** Plain text of a markdown text (PDF export, previews): tags removed, entities decoded. */
export function markdownToText(source: string): string {
  const html = renderMarkdown(source)
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<\/(p|h[1-6]|li|blockquote|tr)>/g, '\n')
    .replace(/<[^>]+>/g, '');
  return decodeEntities(html)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function decodeEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&colon;/gi, ':')
    .replace(/&tab;/gi, '\t')
    .replace(/&newline;/gi, '\n')
    .replace(/&amp;/g, '&');
}
