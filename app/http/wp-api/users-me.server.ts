import { z } from 'zod';
import {
  COMING_SOON_DISMISSED,
  customerMetaValue,
  setCustomerMeta,
} from '#app/domain/customers/customer-meta.server.ts';
import { customerOfSession } from '#app/domain/customers/identity.server.ts';
import { canEditContent } from '#app/domain/customers/identity.view.ts';
import { domainError, fail, ok } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import type { Session } from '#app/lib/session.server.ts';
import { defineEndpoint } from '../endpoint.server.ts';
import type { ErrorCodes } from '../response.ts';

/** WordPress REST names: the banner script reads `code` as WordPress would send it. */
const WP_CODES: ErrorCodes = {
  codes: {
    'site.forbidden': 'rest_forbidden',
    'error.missing_nonce': 'rest_cookie_invalid_nonce',
    'error.invalid_nonce': 'rest_cookie_invalid_nonce',
    'error.invalid_param': 'rest_invalid_param',
    'error.invalid_json': 'rest_invalid_json',
    'error.request_too_large': 'rest_request_too_large',
    'error.method_not_allowed': 'rest_no_route',
  },
  fallback: (error) => `rest_${error.kind}`,
};

/** Only the meta keys the shop knows; anything else in the body is refused. */
const usersMeSchema = z
  .object({
    woocommerce_meta: z
      .object({ [COMING_SOON_DISMISSED]: z.enum(['yes', 'no']).optional() })
      .strict()
      .optional(),
    security: z.string().max(100).optional(),
  })
  .strict();

async function staff(db: Tx, session: Session | null) {
  const viewer = session ? await customerOfSession(db, session.idHash) : null;
  return canEditContent(viewer) ? viewer : null;
}

async function userJson(db: Tx, viewer: { id: number; name: string }) {
  const dismissed = await customerMetaValue(db, viewer.id, COMING_SOON_DISMISSED);
  return {
    id: viewer.id,
    name: viewer.name,
    woocommerce_meta: { [COMING_SOON_DISMISSED]: dismissed === 'yes' ? 'yes' : '' },
  };
}

/**
 * `/wp-json/wp/v2/users/me`: the signed-in shop manager's own meta. Only shop managers may
 * read or change it (the coming-soon banner is theirs alone); POST needs the `X-WP-Nonce`.
 */
export const usersMe = defineEndpoint({
  methods: ['GET', 'POST'],
  codes: WP_CODES,
  nonce: true,
  schema: usersMeSchema,
  handle: async ({ db, session, input }) => {
    const viewer = await staff(db, session);
    if (!viewer) return fail(domainError('forbidden', 'site.forbidden'));
    const dismissed = input.woocommerce_meta?.[COMING_SOON_DISMISSED];
    if (dismissed) await setCustomerMeta(db, viewer.id, COMING_SOON_DISMISSED, dismissed);
    return ok(await userJson(db, viewer));
  },
});
