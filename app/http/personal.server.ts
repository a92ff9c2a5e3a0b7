import { createElement } from 'react';
import { unitPricePlaces, withUnitPrices } from '#app/domain/cart/unit-price-places.server.ts';
import type { AppLoadContext } from 'react-router';
import { MiniCartProvider } from '#app/components/cart/mini-cart-state.tsx';
import { HeaderCart, PERSONAL_PART } from '#app/components/cart/mini-cart.tsx';
import { ACCOUNT_PART, HeaderAccount } from '#app/components/account/header-account.tsx';
import {
  PERSONAL_DATA_ID,
  type Personal,
  PersonalContext,
  anonymous,
} from '#app/components/personal.ts';
import { cartHash } from '#app/domain/cart/cart-hash.server.ts';
import { loadCart, sessionCartSummary } from '#app/domain/cart/cart.server.ts';
import { cartBehaviour } from '#app/domain/cart/cart-settings.server.ts';
import { toMiniCart } from '#app/domain/cart/mini-cart.view.ts';
import { products } from '#app/domain/catalog/catalog.schema.ts';
import { customerOfSession } from '#app/domain/customers/identity.server.ts';
import { canEditContent } from '#app/domain/customers/identity.view.ts';
import { pendingOfProduct } from '#app/domain/reviews/reviews.server.ts';
import { getSetting } from '#app/domain/settings/settings.server.ts';
import { UNSET_OWNER, shopOwnerSchema } from '#app/domain/settings/shop-owner.ts';
import {
  REVIEW_IDENTITY_PART,
  REVIEW_MESSAGE_AREAS,
  REVIEW_TOOLS_PART,
  ReviewIdentity,
  ReviewTools,
} from '#app/components/product/review-personal.tsx';
import { and, eq, isNull } from 'drizzle-orm';
import { translator } from '#app/lib/i18n.ts';
import { readCookie } from '#app/lib/cookies.ts';
import { I18nContext } from '#app/lib/i18n.ts';
import { messagesFor, requestLocale, serverTranslator } from '#app/lib/i18n.server.ts';
import type { Locale } from '#app/lib/locale.ts';
import { sessionIdHashOf, sessionNonce } from '#app/lib/session.server.ts';
import { CART_HASH_COOKIE } from './cart-cookies.server.ts';
import { renderInShell } from './wc-ajax/fragments.server.ts';

/**
 * A visitor's data kept briefly by session and cart hash: every cart change sets a new hash
 * cookie (on whichever instance), so a page view after it misses and reads the cart afresh.
 * What changes without a new hash (a price by the clock) shows at most this late.
 */
const KEEP_MS = 30_000;
const MAX_KEPT = 10_000;
const kept = new Map<string, { personal: Personal; until: number }>();

/** The visitor's data, or null for a visitor without a session (nothing personal to show). */
export async function personalData(
  context: AppLoadContext,
  request: Request,
): Promise<Personal | null> {
  const idHash = await sessionIdHashOf(request, context);
  if (!idHash) return null;
  const { env, db } = context;
  const currency = env.SHOP_CURRENCY;
  const locale = requestLocale(request, env.SHOP_LOCALE);
  const hash = readCookie(request.headers.get('cookie'), CART_HASH_COOKIE) ?? '';
  const key = `${idHash}|${hash}|${locale}`;
  const now = Date.now();
  // A form post that changed the cart still carries the old hash: it reads the cart itself.
  const reusable = request.method === 'GET' || request.method === 'HEAD';
  const found = reusable ? kept.get(key) : undefined;
  if (found && found.until > now) return found.personal;
  const summary = await sessionCartSummary(db, idHash);
  if (!summary) return null;
  let personal = anonymous(currency);
  if (summary.itemCount > 0) {
    // A glance at the header changes nothing: the cart page tells about dropped coupons.
    const cart = await loadCart(db, { idHash }, { currency, locale, readOnly: true });
    personal = {
      ...personal,
      miniCart: withUnitPrices(
        toMiniCart(cart, cartHash(cart), sessionNonce({ idHash }, env)),
        (await unitPricePlaces(db)).miniCart,
      ),
    };
  }
  const viewer = summary.customerId !== null ? await customerOfSession(db, idHash) : null;
  if (viewer) personal = { ...personal, account: { name: viewer.name }, viewer };
  if (canEditContent(viewer)) {
    // What a shop manager sees depends on the page, so it is never kept.
    const moderation = await productModeration(context, request, idHash);
    return moderation ? { ...personal, moderation } : personal;
  }
  if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
  kept.set(key, { personal, until: now + KEEP_MS });
  return personal;
}

/**
 * Forgets what is kept for a session (on this instance): after a logout, a deletion or a
 * change of the account's name, which leave the cart hash as it was.
 */
export function forgetPersonal(idHash: string): void {
  for (const key of kept.keys()) if (key.startsWith(`${idHash}|`)) kept.delete(key);
}

/** A product page's waiting reviews for a shop manager; null on other pages. */
async function productModeration(context: AppLoadContext, request: Request, idHash: string) {
  const slug = /^\/product\/([^/]+?)(?:\.data)?(?:\/|$)/.exec(new URL(request.url).pathname)?.[1];
  if (!slug) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    return null;
  }
  const { db, env } = context;
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.slug, decoded), isNull(products.parentId)))
    .limit(1);
  if (!product) return null;
  const [pending, owner] = await Promise.all([
    pendingOfProduct(db, product.id),
    getSetting(db, 'shop.owner', shopOwnerSchema, UNSET_OWNER),
  ]);
  return {
    productId: product.id,
    pending,
    security: sessionNonce({ idHash }, env),
    shopName: owner.name,
  };
}

/** Renderings of the personal parts: few distinct ones per cart, so they are kept too. */
const rendered = new Map<string, Buffer>();
const MAX_RENDERED = 2_000;

type PartName = typeof PERSONAL_PART | typeof ACCOUNT_PART;

async function renderPart(
  name: PartName,
  personal: Personal,
  context: AppLoadContext,
  url: URL,
  locale: Locale,
): Promise<Buffer> {
  const shownByPage = ['/cart', '/checkout'].includes(url.pathname);
  const key =
    name === PERSONAL_PART
      ? `${name}|${locale}|${shownByPage}|${JSON.stringify(personal.miniCart)}`
      : `${name}|${locale}|${JSON.stringify(personal.account)}`;
  const known = rendered.get(key);
  if (known) return known;
  const inner =
    name === PERSONAL_PART
      ? createElement(MiniCartProvider, {
          initial: personal.miniCart,
          behaviour: await cartBehaviour(context.db),
          children: createElement(HeaderCart),
        })
      : createElement(HeaderAccount);
  const part = createElement(
    I18nContext.Provider,
    { value: { locale, t: serverTranslator(locale) } },
    createElement(PersonalContext.Provider, { value: personal }, inner),
  );
  // In a static router at the page's address, as the page renders it.
  const html = Buffer.from(await renderInShell(part, url, personal.miniCart.currency));
  if (rendered.size >= MAX_RENDERED) rendered.delete(rendered.keys().next().value!);
  rendered.set(key, html);
  return html;
}

const PART_MARKS: [PartName, Buffer][] = [
  [PERSONAL_PART, Buffer.from(`data-personal="${PERSONAL_PART}"`)],
  [ACCOUNT_PART, Buffer.from(`data-personal="${ACCOUNT_PART}"`)],
];
const DIV_OPEN = Buffer.from('<div');
const DIV_CLOSE = Buffer.from('</div>');
const BODY_END = Buffer.from('</body>');

/** Where the personal part's element starts and ends in the page, or null when it has none. */
function partExtent(page: Buffer, partMark: Buffer): { start: number; end: number } | null {
  const mark = page.indexOf(partMark);
  if (mark === -1) return null;
  const start = page.lastIndexOf(DIV_OPEN, mark);
  if (start === -1) return null;
  // Text and attributes are escaped, so every "<div" and "</div>" is a tag.
  let depth = 0;
  let at = start;
  for (;;) {
    const open = page.indexOf(DIV_OPEN, at + 1);
    const close = page.indexOf(DIV_CLOSE, at + 1);
    if (close === -1) return null;
    if (open !== -1 && open < close) {
      depth += 1;
      at = open;
    } else {
      if (depth === 0) return { start, end: close + DIV_CLOSE.length };
      depth -= 1;
      at = close;
    }
  }
}

/**
 * The review parts of a product page, for a signed-in visitor only: a guest sees the shared
 * rendering (which, after a refused form post, holds what they typed).
 */
async function renderReviewPart(
  part: typeof REVIEW_IDENTITY_PART | typeof REVIEW_TOOLS_PART,
  personal: Personal,
  url: URL,
  locale: Locale,
): Promise<Buffer> {
  const t = translator(locale, messagesFor(locale, REVIEW_MESSAGE_AREAS));
  const element = createElement(
    I18nContext.Provider,
    { value: { locale, t } },
    createElement(
      PersonalContext.Provider,
      { value: personal },
      createElement(part === REVIEW_IDENTITY_PART ? ReviewIdentity : ReviewTools),
    ),
  );
  return Buffer.from(await renderInShell(element, url, personal.miniCart.currency));
}

/**
 * A page rendered for nobody, made the visitor's: the header cart and account link (and a
 * product page's review parts for a signed-in visitor) are swapped for the visitor's renderings
 * of them, and the data goes in as a JSON block from which the browser hydrates them. Works on
 * the bytes: the page is never decoded.
 */
export async function personalize(
  page: Buffer,
  personal: Personal,
  context: AppLoadContext,
  request: Request,
): Promise<Buffer> {
  const locale = requestLocale(request, context.env.SHOP_LOCALE);
  const url = new URL(request.url);
  const swaps: { start: number; end: number; render: () => Promise<Buffer> }[] = [];
  for (const [name, mark] of PART_MARKS) {
    const extent = partExtent(page, mark);
    if (extent)
      swaps.push({ ...extent, render: () => renderPart(name, personal, context, url, locale) });
  }
  if (personal.viewer) {
    for (const part of [REVIEW_IDENTITY_PART, REVIEW_TOOLS_PART] as const) {
      const extent = partExtent(page, Buffer.from(`data-personal="${part}"`));
      if (extent)
        swaps.push({ ...extent, render: () => renderReviewPart(part, personal, url, locale) });
    }
  }
  swaps.sort((a, b) => a.start - b.start);
  const renderings = await Promise.all(swaps.map((swap) => swap.render()));
  const pieces: Buffer[] = [];
  let from = 0;
  swaps.forEach((swap, i) => {
    // Parts never nest; one inside another would already be replaced with it.
    if (swap.start < from) return;
    pieces.push(page.subarray(from, swap.start), renderings[i]!);
    from = swap.end;
  });
  const json = JSON.stringify(personal).replace(/</g, '\\u003c');
  const block = Buffer.from(
    `<script type="application/json" id="${PERSONAL_DATA_ID}">${json}</script>`,
  );
  const end = page.lastIndexOf(BODY_END);
  if (end < from) pieces.push(page.subarray(from), block);
  else pieces.push(page.subarray(from, end), block, page.subarray(end));
  return Buffer.concat(pieces);
}
