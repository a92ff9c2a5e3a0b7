import { z } from 'zod';
import { type Result, domainError, fail, ok } from '#app/domain/kernel/result.ts';

// The Instagram feed: pure parts (settings shape, the answer's check), shared by the server and tests.

export const INSTAGRAM_SETTING = 'site.instagram';
export const INSTAGRAM_API = 'https://graph.instagram.com/me/media';
export const INSTAGRAM_TIMEOUT_MS = 4000;
export const INSTAGRAM_MAX_POSTS = 12;

export const instagramSettingSchema = z.object({
  /** The account's handle as shown ("ladenzeile"), without the @. */
  account: z
    .string()
    .regex(/^[A-Za-z0-9._]{0,30}$/)
    .default(''),
  token: z.string().max(500).default(''),
});
export type InstagramSetting = z.infer<typeof instagramSettingSchema>;

export type InstagramPost = { id: string; permalink: string; image: string; caption: string };

const https = (host: RegExp) =>
  z
    .string()
    .max(2000)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' && host.test(url.hostname);
      } catch {
        return false;
      }
    });

const mediaSchema = z.object({
  data: z
    .array(
      z.object({
        id: z.string().max(64),
        caption: z.string().max(5000).optional(),
        media_type: z.string().max(32).optional(),
        media_url: https(/(^|\.)(cdninstagram\.com|fbcdn\.net)$/).optional(),
        thumbnail_url: https(/(^|\.)(cdninstagram\.com|fbcdn\.net)$/).optional(),
        permalink: https(/(^|\.)instagram\.com$/),
      }),
    )
    .max(100),
});

/** Only posts with an image on Instagram's own hosts; captions cut short. */
export function parseMedia(body: unknown, limit: number): Result<InstagramPost[]> {
  const parsed = mediaSchema.safeParse(body);
  if (!parsed.success) return fail(domainError('unavailable', 'site.instagram_invalid'));
  const posts = parsed.data.data
    .map((m) => ({
      id: m.id,
      permalink: m.permalink,
      image: (m.media_type === 'VIDEO' ? m.thumbnail_url : m.media_url) ?? '',
      caption: Array.from(m.caption ?? '')
        .slice(0, 140)
        .join(''),
    }))
    .filter((p) => p.image !== '')
    .slice(0, limit);
  return ok(posts);
}
