import {
  ATTRIBUTION_EXTENSION,
  type Attribution,
  attributionFromForm,
  cleanAttribution,
} from '#app/domain/attribution/attribution.rules.ts';
import { attributionSettings } from '#app/domain/attribution/attribution.server.ts';
import type { Tx } from '#app/domain/kernel/tx.ts';
import { consentOf } from '#app/lib/page-cookies.ts';

/**
 * The attribution a classic form (checkout, registration) carries under the configured
 * prefix; null unless the shopper allowed tracking (their consent cookie, read here again, so
 * a form filled in before a refusal stores nothing).
 */
export async function formAttribution(
  db: Tx,
  request: Request,
  fields: Record<string, unknown>,
): Promise<Attribution | null> {
  if (consentOf(request.headers.get('cookie')) !== 'allow') return null;
  const settings = await attributionSettings(db);
  if (!settings.enabled) return null;
  const found = attributionFromForm(fields, settings.prefix);
  return Object.keys(found).length ? found : null;
}

/**
 * The Store API checkout's `extensions["woocommerce/order-attribution"]`. A browser session
 * needs the consent cookie; a client calling with a Cart-Token keeps no cookies of ours and
 * asks its users itself.
 */
export async function extensionAttribution(
  db: Tx,
  request: Request,
  extensions: Record<string, unknown> | undefined,
): Promise<Attribution | null> {
  const raw = extensions?.[ATTRIBUTION_EXTENSION];
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const headless = request.headers.has('cart-token');
  if (!headless && consentOf(request.headers.get('cookie')) !== 'allow') return null;
  if (!(await attributionSettings(db)).enabled) return null;
  const found = cleanAttribution(raw as Record<string, unknown>);
  return Object.keys(found).length ? found : null;
}
