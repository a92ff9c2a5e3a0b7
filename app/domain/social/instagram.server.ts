import { type Result, domainError, fail, ok } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import {
  INSTAGRAM_API,
  INSTAGRAM_SETTING,
  INSTAGRAM_TIMEOUT_MS,
  type InstagramPost,
  type InstagramSetting,
  instagramSettingSchema,
  parseMedia,
} from './instagram.ts';

export function instagramSetting(db: Tx): Promise<InstagramSetting> {
  return getSetting(db, INSTAGRAM_SETTING, instagramSettingSchema, { account: '', token: '' });
}

const KEEP_MS = 30 * 60_000;
/** Successful feeds per account and token, so a busy home page asks Instagram rarely. */
const kept = new Map<string, { posts: InstagramPost[]; until: number }>();

/**
 * The configured account's latest posts. Without an account, a token or the network this is a
 * failure value (never a throw); failures are not kept, so the next view tries again.
 */
export async function instagramFeed(
  db: Tx,
  limit: number,
  fetcher: typeof fetch = fetch,
): Promise<Result<{ account: string; posts: InstagramPost[] }>> {
  const { account, token } = await instagramSetting(db);
  if (!account) return fail(domainError('unavailable', 'site.instagram_no_account'));
  if (!token) return fail(domainError('unavailable', 'site.instagram_no_token'));
  const key = `${account}|${token}`;
  const found = kept.get(key);
  if (found && found.until > Date.now()) return ok({ account, posts: found.posts.slice(0, limit) });
  const url = new URL(INSTAGRAM_API);
  url.searchParams.set('fields', 'id,caption,media_type,media_url,thumbnail_url,permalink');
  url.searchParams.set('limit', '12');
  url.searchParams.set('access_token', token);
  let body: unknown;
  try {
    const response = await fetcher(url, { signal: AbortSignal.timeout(INSTAGRAM_TIMEOUT_MS) });
    if (!response.ok) return fail(domainError('unavailable', 'site.instagram_unreachable'));
    body = await response.json();
  } catch {
    return fail(domainError('unavailable', 'site.instagram_unreachable'));
  }
  const posts = parseMedia(body, 12);
  if (!posts.ok) return posts;
  kept.set(key, { posts: posts.value, until: Date.now() + KEEP_MS });
  return ok({ account, posts: posts.value.slice(0, limit) });
}
