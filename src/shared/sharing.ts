/** The header a page sets to be framed by these websites; the middleware turns it into CSP frame-ancestors. */
export const FRAME_ANCESTORS_HEADER = 'x-impulz-frame-ancestors';

/** The message an embedded public report sends its parent page whenever its height changes. */
export const EMBED_HEIGHT_MESSAGE = 'impulz:embed-height';

/** The iframe snippet for a website: the public page in its embed layout, resized by the page's messages. */
export function embedSnippet(origin: string, publicPath: string, reportId: number, title: string): string {
  const src = `${origin}${publicPath}?embed=1`;
  const id = `impulz-rapportage-${reportId}`;
  const safeTitle = title.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);
  return [
    `<iframe id="${id}" src="${src}" title="Rapportage: ${safeTitle}" width="100%" height="800" style="border:0;width:100%" loading="lazy"></iframe>`,
    `<script>addEventListener('message',function(e){if(e.origin!=='${origin}'||!e.data||e.data.type!=='${EMBED_HEIGHT_MESSAGE}'||e.data.report!==${reportId})return;document.getElementById('${id}').style.height=e.data.height+'px'});</script>`,
  ].join('\n');
}
