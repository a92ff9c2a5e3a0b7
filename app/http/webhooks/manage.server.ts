// Creating and changing webhooks from the back office and the REST API: the domain's checks,
// then the delivery address judged by where it resolves to.
import type { Actor } from '#app/domain/audit/audit.server.ts';
import { type Result, domainError, fail } from '#app/domain/kernel/result.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { type WebhookDraft, checkDeliveryUrl } from '#app/domain/webhooks/webhooks.rules.ts';
import type { WebhookRow } from '#app/domain/webhooks/webhooks.schema.ts';
import { createWebhook, findWebhook, updateWebhook } from '#app/domain/webhooks/webhooks.server.ts';
import type { Env } from '#app/lib/env.server.ts';
import { privateTargetsAllowed, targetRefused } from './targets.server.ts';

/** A new webhook (`id` null) or a change to one; a private address is refused unless allowed. */
export async function saveWebhook(
  db: Tx,
  env: Env,
  id: number | null,
  draft: WebhookDraft,
  actor: Actor,
): Promise<Result<WebhookRow>> {
  const before = id === null ? null : await findWebhook(db, id);
  if (id !== null && !before) {
    return fail(domainError('not_found', 'admin.webhooks.error.not_found'));
  }
  const url = checkDeliveryUrl(draft.deliveryUrl ?? before?.deliveryUrl);
  if (url.ok && (await targetRefused(url.value, await privateTargetsAllowed(db, env)))) {
    return fail(
      domainError('invalid', 'admin.webhooks.error.private_url', { field: 'delivery_url' }),
    );
  }
  return id === null ? createWebhook(db, draft, actor) : updateWebhook(db, id, draft, actor);
}
