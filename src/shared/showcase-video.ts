/**
 * The front page's showcase video (spec 000 §2.2): a video of an allowed host, shown in an iframe
 * of that host's embed player. These origins are the portal's CSP frame-src, and nothing else.
 */
export const VIDEO_FRAME_SOURCES = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

/** The stored setting: a title for the accordion and the player's embed URL. */
export interface ShowcaseVideo {
  title: string;
  url: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

/**
 * The embed URL of a YouTube or Vimeo link (watch, short, embed or player form), or null when the
 * link is of another host or names no video. YouTube plays from its no-cookie domain.
 */
export function videoEmbedUrl(raw: string): string | null {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' || u.username || u.password || u.port) return null;
  const host = u.hostname.toLowerCase();
  const parts = u.pathname.split('/').filter(Boolean);
  let youtube: string | null | undefined;
  if (host === 'youtu.be') youtube = parts.length === 1 ? parts[0] : null;
  else if (host === 'www.youtube.com' || host === 'youtube.com' || host === 'm.youtube.com') {
    youtube = parts.length === 1 && parts[0] === 'watch' ? u.searchParams.get('v') : parts.length === 2 && (parts[0] === 'embed' || parts[0] === 'shorts') ? parts[1] : null;
  } else if (host === 'www.youtube-nocookie.com') youtube = parts.length === 2 && parts[0] === 'embed' ? parts[1] : null;
  if (youtube !== undefined) return youtube && YOUTUBE_ID.test(youtube) ? `https://www.youtube-nocookie.com/embed/${youtube}` : null;
  let vimeo: string | null = null;
  if (host === 'vimeo.com' || host === 'www.vimeo.com') vimeo = parts.length === 1 ? parts[0]! : null;
  else if (host === 'player.vimeo.com') vimeo = parts.length === 2 && parts[0] === 'video' ? parts[1]! : null;
  else return null;
  return vimeo && VIMEO_ID.test(vimeo) ? `https://player.vimeo.com/video/${vimeo}` : null;
}
