import { createElement } from 'react';
import { renderToString } from 'preact-render-to-string';
import { MemoryRouter } from 'react-router';
import type { AppLoadContext } from 'react-router';
import { CartLink } from '#app/components/chrome/cart-link.tsx';
import { sessionCartSummary } from '#app/domain/cart/cart.server.ts';
import { I18nContext } from '#app/lib/i18n.ts';
import { requestLocale, serverTranslator } from '#app/lib/i18n.server.ts';
import { sessionIdHashOf } from '#app/lib/session.server.ts';
import type { Locale } from '#app/lib/locale.ts';
import { ANONYMOUS, PERSONAL_DATA_ID, type Personal, PersonalContext } from '#app/lib/personal.ts';

/** The personal parts of every page, in page order, each rendered from the visitor's data alone. */
const PARTS = [CartLink];

/** The visitor's data, or null for a visitor without a session (nothing personal to show). */
export async function personalData(
  context: AppLoadContext,
  request: Request,
): Promise<Personal | null> {
  const idHash = await sessionIdHashOf(request, context);
  const summary = idHash ? await sessionCartSummary(context.db, idHash) : null;
  return summary && { cartCount: summary.itemCount };
}

function renderPart(part: () => unknown, personal: Personal, locale: Locale): string {
  const tree = createElement(
    MemoryRouter,
    null,
    createElement(
      I18nContext.Provider,
      { value: { locale, t: serverTranslator(locale) } },
      createElement(
        PersonalContext.Provider,
        { value: personal },
        createElement(part as () => null),
      ),
    ),
  );
  return renderToString(tree as Parameters<typeof renderToString>[0]);
}

const anonymousParts = new Map<Locale, Buffer[]>();
/** Visitors' renderings of the parts: few distinct ones (cart sizes), so they are kept. */
const renderedParts = new Map<string, Buffer[]>();
const MAX_RENDERED = 500;
const BODY_END = Buffer.from('</body>');

function partsFor(personal: Personal, locale: Locale): Buffer[] {
  const key = `${locale}|${JSON.stringify(personal)}`;
  let parts = renderedParts.get(key);
  if (!parts) {
    parts = PARTS.map((part) => Buffer.from(renderPart(part, personal, locale)));
    if (renderedParts.size >= MAX_RENDERED) renderedParts.clear();
    renderedParts.set(key, parts);
  }
  return parts;
}

/**
 * A page rendered for nobody, made the visitor's: each personal part is swapped for the
 * visitor's rendering of it, and the data goes in as a JSON block so hydration renders the same.
 * Works on the bytes: the page is never decoded.
 */
export function personalize(
  page: Buffer,
  personal: Personal,
  request: Request,
  fallback: Locale,
): Buffer {
  const locale = requestLocale(request, fallback);
  let anonymous = anonymousParts.get(locale);
  if (!anonymous) {
    anonymous = PARTS.map((part) => Buffer.from(renderPart(part, ANONYMOUS, locale)));
    anonymousParts.set(locale, anonymous);
  }
  const own = partsFor(personal, locale);
  const pieces: Buffer[] = [];
  let from = 0;
  anonymous.forEach((part, i) => {
    const at = page.indexOf(part, from);
    if (at === -1) return;
    pieces.push(page.subarray(from, at), own[i]!);
    from = at + part.length;
  });
  const json = JSON.stringify(personal).replace(/</g, '\\u003c');
  const block = Buffer.from(
    `<script type="application/json" id="${PERSONAL_DATA_ID}">${json}</script>`,
  );
  const end = page.lastIndexOf(BODY_END);
  if (end < from) {
    pieces.push(page.subarray(from), block);
  } else {
    pieces.push(page.subarray(from, end), block, page.subarray(end));
  }
  return Buffer.concat(pieces);
}
