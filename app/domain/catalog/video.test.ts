import { describe, expect, it } from 'vitest';
import { parseVideo, videoEmbedUrl, videoFromUrl, videoPageUrl } from './video.ts';

describe('gallery videos', () => {
  it.each(['aqz-KE-bpKQ', 'dQw4w9WgXcQ', 'abcdefghij', 'A_b-C_d-E_f-'])(
    'accepts the YouTube id %j',
    (id) => {
      expect(parseVideo('youtube', id)).toEqual({ ok: true, value: { provider: 'youtube', id } });
    },
  );

  it.each(['76979871', '1', '123456789012345'])('accepts the Vimeo id %j', (id) => {
    expect(parseVideo('vimeo', id)).toEqual({ ok: true, value: { provider: 'vimeo', id } });
  });

  it.each([
    ['youtube', 'short'],
    ['youtube', 'abcdefghi'],
    ['youtube', 'abcdefghijklm'],
    ['youtube', 'abc def ghij'],
    ['youtube', 'abc"><scrip'],
    ['youtube', 'abcdefghij\u0000'],
    ['youtube', 'https://youtu.be/aqz-KE-bpKQ'],
    ['youtube', 12345678901],
    ['youtube', ['aqz-KE-bpKQ']],
    ['vimeo', 'abc'],
    ['vimeo', '0123'],
    ['vimeo', '12.5'],
    ['vimeo', '1234567890123456'],
    ['vimeo', 76979871],
    ['vimeo', 'aqz-KE-bpKQ'],
    ['dailymotion', 'x7tgad0'],
    ['javascript', 'alert(1)'],
    [null, 'aqz-KE-bpKQ'],
    ['youtube', 'a'.repeat(10_000)],
  ])('refuses %j %j', (provider, id) => {
    const result = parseVideo(provider, id);
    expect(result).toEqual({
      ok: false,
      error: { kind: 'invalid', code: 'product.gallery_video_invalid' },
    });
    expect(videoEmbedUrl({ provider, id })).toBeNull();
  });

  it('embeds YouTube without cookies and Vimeo with do-not-track', () => {
    expect(videoEmbedUrl({ provider: 'youtube', id: 'aqz-KE-bpKQ' })).toBe(
      'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1&rel=0',
    );
    expect(videoEmbedUrl({ provider: 'vimeo', id: '76979871' })).toBe(
      'https://player.vimeo.com/video/76979871?autoplay=1&dnt=1',
    );
  });
});

describe('video links in a description', () => {
  it.each([
    ['https://www.youtube.com/watch?v=aqz-KE-bpKQ', 'youtube', 'aqz-KE-bpKQ'],
    ['https://youtube.com/watch?v=aqz-KE-bpKQ&t=42', 'youtube', 'aqz-KE-bpKQ'],
    ['https://youtu.be/aqz-KE-bpKQ', 'youtube', 'aqz-KE-bpKQ'],
    ['https://www.youtube.com/embed/aqz-KE-bpKQ', 'youtube', 'aqz-KE-bpKQ'],
    ['https://www.youtube.com/shorts/aqz-KE-bpKQ', 'youtube', 'aqz-KE-bpKQ'],
    ['  https://vimeo.com/76979871  ', 'vimeo', '76979871'],
    ['https://player.vimeo.com/video/76979871', 'vimeo', '76979871'],
  ])('reads %j', (url, provider, id) => {
    expect(videoFromUrl(url)).toEqual({ provider, id });
  });

  it.each([
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=aqz-KE-bpKQ%22onerror',
    'https://youtu.be/aqz-KE-bpKQ/extra',
    'https://www.youtube.com/channel/UCabcdefghij',
    'https://vimeo.com/channels/staffpicks',
    'https://vimeo.com/0123',
    'https://evil.example/watch?v=aqz-KE-bpKQ',
    'https://youtube.com.evil.example/watch?v=aqz-KE-bpKQ',
    'javascript:alert(1)//youtu.be/aqz-KE-bpKQ',
    'ftp://youtu.be/aqz-KE-bpKQ',
    'Look at https://youtu.be/aqz-KE-bpKQ',
    'not a url',
    '',
    'https://youtu.be/' + 'a'.repeat(10_000),
  ])('refuses %j', (text) => {
    expect(videoFromUrl(text)).toBeNull();
  });

  it('links the provider page for shoppers without JavaScript', () => {
    expect(videoPageUrl({ provider: 'youtube', id: 'aqz-KE-bpKQ' })).toBe(
      'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    );
    expect(videoPageUrl({ provider: 'vimeo', id: '76979871' })).toBe('https://vimeo.com/76979871');
  });
});
