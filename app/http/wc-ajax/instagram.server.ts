import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { z } from 'zod';
import { InstagramGrid } from '#app/components/site/instagram.tsx';
import { customerOfSession } from '#app/domain/customers/identity.server.ts';
import { canEditContent } from '#app/domain/customers/identity.view.ts';
import { ok } from '#app/domain/kernel/result.ts';
import { instagramFeed } from '#app/domain/social/instagram.server.ts';
import { INSTAGRAM_MAX_POSTS } from '#app/domain/social/instagram.ts';
import type { TextKey } from '#app/lib/i18n.ts';
import { defineEndpoint } from '../endpoint.server.ts';
import { WC_AJAX_CODES } from './codes.ts';

/** `data`: how many posts the widget shows (1 to 12; 8 when absent). */
const schema = z.object({
  data: z
    .string()
    .regex(/^\d{1,2}$/)
    .transform(Number)
    .refine((n) => n >= 1 && n <= INSTAGRAM_MAX_POSTS)
    .optional(),
});

/**
 * GET instagram_feed: `{ success: true, data: html }`, or `{ success: false }` when the feed
 * cannot be had. Only a shop manager is also told why (`error: "Instagram error: …"`); for
 * shoppers the widget just stays away. Never an error status: the page must not suffer.
 */
export const instagramFeedAction = defineEndpoint({
  methods: ['GET'],
  codes: WC_AJAX_CODES,
  session: 'read',
  schema,
  handle: async ({ db, t, input, session }) => {
    const feed = await instagramFeed(db, input.data ?? 8);
    if (feed.ok && feed.value.posts.length > 0) {
      const { account, posts } = feed.value;
      const html = renderToString(
        createElement(InstagramGrid, {
          posts,
          account,
          followLabel: t('site.instagram_follow', { account: `@${account}` }),
        }),
      );
      return ok({ success: true, data: html });
    }
    const viewer = session ? await customerOfSession(db, session.idHash) : null;
    if (!canEditContent(viewer)) return ok({ success: false });
    const reason = feed.ok ? t('site.instagram_invalid') : t(feed.error.code as TextKey);
    return ok({ success: false, error: t('site.instagram_error', { message: reason }) });
  },
});
