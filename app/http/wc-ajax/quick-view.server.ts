import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { z } from 'zod';
import {
  PRODUCT_SUMMARY_MESSAGES,
  QuickViewContent,
} from '#app/components/product/quick-view-content.tsx';
import { getProduct } from '#app/domain/catalog/catalog.server.ts';
import { galleryOptions } from '#app/domain/catalog/gallery-settings.server.ts';
import { swatchSettings } from '#app/domain/catalog/swatch-settings.server.ts';
import { productForBrowser } from '#app/domain/catalog/swatch-settings.view.ts';
import { notFound } from '#app/domain/kernel/result.ts';
import { I18nContext, translator } from '#app/lib/i18n.ts';
import { messagesFor } from '#app/lib/i18n.server.ts';
import { defineEndpoint } from '../endpoint.server.ts';
import { WC_AJAX_CODES } from './codes.ts';
import type { QuickViewPayload } from '#app/domain/catalog/quick-view.view.ts';

/** A product id as a form sends it ("12") or as JSON does (12); nothing else. */
const productId = z.union([
  z.number().int().min(1).max(999_999_999),
  z
    .string()
    .regex(/^[1-9]\d{0,8}$/)
    .transform(Number),
]);

const schema = z.object({ product: productId });

/**
 * POST product: the product's summary (gallery, price with legal notices, stock, variation
 * choice, add-to-cart form) as HTML for a popup, the contract's answer.
 *
 * The HTML's form is a plain form posting to /cart, so it works wherever it is inserted, even
 * without script. The shop's own modal does not insert it: hydrating markup React did not
 * render as part of the page is fragile, so the modal asks with `Accept: application/json` and
 * renders the very same components from the data, with live variation prices and a background
 * add to cart that refreshes the page's cart count.
 */
export const quickView = defineEndpoint({
  methods: ['POST'],
  codes: WC_AJAX_CODES,
  schema,
  handle: async ({ db, locale, input, args, headers }) => {
    const found = await getProduct(db, { id: input.product }, locale);
    if (!found) return { ok: false, error: notFound('error.product_not_found') };
    const [swatches, gallery] = await Promise.all([swatchSettings(db), galleryOptions(db)]);
    const product = productForBrowser(found, swatches.ajaxThreshold);
    const url = `/product/${product.slug}`;
    const messages = messagesFor(locale, PRODUCT_SUMMARY_MESSAGES);
    headers.Vary = 'Accept';
    if (wantsJson(args.request)) {
      return {
        ok: true,
        value: { product, url, messages, swatches, gallery } satisfies QuickViewPayload,
      };
    }
    const content = createElement(
      I18nContext.Provider,
      { value: { locale, t: translator(locale, messages) } },
      createElement(QuickViewContent, { product, heading: 'h2', swatches, gallery }),
    );
    return new Response(await renderInRouter(content, new URL(url, args.request.url)), {
      headers: {
        ...headers,
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
      },
    });
  },
});

function wantsJson(request: Request): boolean {
  const accept = request.headers.get('accept') ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}

/** The components use the router's Form and Link: render them inside a static router. */
async function renderInRouter(element: React.ReactElement, url: URL): Promise<string> {
  const handler = createStaticHandler([{ id: 'quick-view', path: '*', element }]);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error('the quick view route cannot redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}
