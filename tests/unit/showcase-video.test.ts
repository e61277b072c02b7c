import { describe, expect, it } from 'vitest';
import { VIDEO_FRAME_SOURCES, videoEmbedUrl } from '../../src/shared/showcase-video';
import { ShowcaseVideoInput } from '../../src/shared/validation/admin';

describe('videoEmbedUrl (the front page video: allowed hosts only)', () => {
  it('turns YouTube and Vimeo links into their players, YouTube on its no-cookie domain', () => {
    const yt = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
    for (const link of ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://youtube.com/watch?v=dQw4w9WgXcQ&t=10s', 'https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ', ' https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ ']) expect(videoEmbedUrl(link)).toBe(yt);
    for (const link of ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871']) expect(videoEmbedUrl(link)).toBe('https://player.vimeo.com/video/76979871');
    for (const link of [videoEmbedUrl('https://youtu.be/dQw4w9WgXcQ')!, videoEmbedUrl('https://vimeo.com/1')!]) expect(VIDEO_FRAME_SOURCES).toContain(new URL(link).origin);
  });

  it('refuses other hosts, http, look-alikes, credentials, ports and links that name no video', () => {
    for (const link of [
      'http://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com.evil.nl/watch?v=dQw4w9WgXcQ',
      'https://evil.nl/youtube.com/watch?v=dQw4w9WgXcQ',
      'https://user:pw@www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com:8443/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=short',
      'https://www.youtube.com/channel/UC123',
      'https://vimeo.com/channels/staffpicks',
      'https://player.vimeo.com/video/abc',
      'javascript:alert(1)',
      'geen link',
    ]) expect(videoEmbedUrl(link), link).toBeNull();
  });

  it('validates the setting with a Dutch message', () => {
    const bad = ShowcaseVideoInput.safeParse({ title: 'Rondleiding', url: 'https://example.com/video.mp4' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual(['Gebruik een link naar één video op YouTube of Vimeo, bijvoorbeeld https://www.youtube.com/watch?v=… of https://vimeo.com/….']);
    expect(ShowcaseVideoInput.parse({ title: ' Rondleiding ', url: 'https://youtu.be/dQw4w9WgXcQ' })).toEqual({ title: 'Rondleiding', url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' });
  });
});
