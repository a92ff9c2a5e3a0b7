import { type Result, domainError, fail, ok } from '#app/domain/kernel/result.ts';

// Pure rules, no database: the seed, the factories and the browser all check a video with these
// before it is stored or embedded, and the database repeats them as a CHECK constraint.

export const VIDEO_PROVIDERS = ['youtube', 'vimeo'] as const;
export type VideoProvider = (typeof VIDEO_PROVIDERS)[number];

/** A video the gallery can play: the provider and its id, nothing else (no free URL). */
export type VideoView = { provider: VideoProvider; id: string };

/** YouTube ids: 10 to 12 letters, digits, `_` or `-`. */
export const YOUTUBE_ID = /^[A-Za-z0-9_-]{10,12}$/;
/** Vimeo ids: numbers only (at most 15 digits, no leading zero). */
export const VIMEO_ID = /^[1-9][0-9]{0,14}$/;

/** Checks a provider and id from any source (database row, seed file, page data). */
export function parseVideo(provider: unknown, id: unknown): Result<VideoView> {
  if (provider === 'youtube' && typeof id === 'string' && YOUTUBE_ID.test(id)) {
    return ok({ provider, id });
  }
  if (provider === 'vimeo' && typeof id === 'string' && VIMEO_ID.test(id)) {
    return ok({ provider, id });
  }
  return fail(domainError('invalid', 'product.gallery_video_invalid'));
}

/**
 * The player address, for an iframe created only after the shopper asks for the video:
 * YouTube's no-cookie host and Vimeo's do-not-track flag keep the providers from profiling
 * visitors who never press play. Returns null for anything parseVideo refuses.
 */
export function videoEmbedUrl(video: { provider: unknown; id: unknown }): string | null {
  const checked = parseVideo(video.provider, video.id);
  if (!checked.ok) return null;
  const { provider, id } = checked.value;
  return provider === 'youtube'
    ? `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`
    : `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1`;
}

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'www.youtube-nocookie.com',
]);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);

/**
 * The video a pasted address names (a description paragraph holding only a YouTube or Vimeo
 * link), or null: other hosts, other paths and ids parseVideo refuses are not videos.
 */
export function videoFromUrl(text: string): VideoView | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const path = url.pathname.split('/').filter(Boolean);
  let candidate: VideoView | null = null;
  if (YOUTUBE_HOSTS.has(host)) {
    const id =
      host === 'youtu.be'
        ? path.length === 1 && path[0]
        : path[0] === 'watch' && path.length === 1
          ? url.searchParams.get('v')
          : (path[0] === 'embed' || path[0] === 'shorts') && path.length === 2 && path[1];
    if (id) candidate = { provider: 'youtube', id };
  } else if (VIMEO_HOSTS.has(host)) {
    const id = host === 'player.vimeo.com' ? path[0] === 'video' && path[1] : path[0];
    if (id && path.length === (host === 'player.vimeo.com' ? 2 : 1)) {
      candidate = { provider: 'vimeo', id };
    }
  }
  if (!candidate) return null;
  const checked = parseVideo(candidate.provider, candidate.id);
  return checked.ok ? checked.value : null;
}

/** The provider's own page for a video: where its link leads without JavaScript. */
export function videoPageUrl(video: VideoView): string {
  return video.provider === 'youtube'
    ? `https://www.youtube.com/watch?v=${video.id}`
    : `https://vimeo.com/${video.id}`;
}
