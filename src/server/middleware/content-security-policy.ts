import { VIDEO_FRAME_SOURCES } from '../../shared/showcase-video';

// Directives every response carries. Pages get Astro's policy (script/style hashes) from the
// renderer; these are merged into it, since only a header can carry frame-ancestors.
const ALWAYS = {
  'object-src': "'none'",
  // Frames: only the players of the front page's showcase video (src/shared/showcase-video.ts).
  'frame-src': VIDEO_FRAME_SOURCES.join(' '),
  'base-uri': "'self'",
  'frame-ancestors': "'none'",
  'form-action': "'self'",
} as const;

// Non-HTML responses (JSON, CSV, files) never need to run or embed anything.
const NON_HTML = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

// A page that may be embedded (the public report's `?embed=1`) names the websites in
// FRAME_ANCESTORS_HEADER; the middleware takes it off and writes them as frame-ancestors.
export { FRAME_ANCESTORS_HEADER } from '../../shared/sharing';

/**
 * Adds the policy to an answer's headers: NON_HTML to non-HTML answers without one, ALWAYS merged
 * into a page's; `frameAncestors` (host sources, space separated) replaces frame-ancestors 'none'.
 */
export function mergeContentSecurityPolicy(headers: Headers, frameAncestors?: string | null): void {
  const existing = headers.get('content-security-policy');
  const isHtml = headers.get('content-type')?.includes('text/html');
  if (!isHtml) {
    if (!existing) headers.set('content-security-policy', NON_HTML);
    return;
  }
  const directives = (existing ?? '').split(';').map((d) => d.trim()).filter(Boolean);
  const names = new Set(directives.map((d) => d.split(/\s+/)[0]));
  const always: Record<string, string> = frameAncestors ? { ...ALWAYS, 'frame-ancestors': frameAncestors } : ALWAYS;
  for (const [name, value] of Object.entries(always)) if (!names.has(name)) directives.push(`${name} ${value}`);
  headers.set('content-security-policy', directives.join('; '));
}
