import { createElement } from 'react';
import { renderToString } from 'preact-render-to-string';
import { MemoryRouter } from 'react-router';
import type { AppLoadContext } from 'react-router';
import { CartLink } from '#app/components/chrome/cart-link.tsx';
import { cartItemCount } from '#app/domain/cart/cart.server.ts';
import { I18nContext } from '#app/lib/i18n.ts';
import { requestLocale, serverTranslator } from '#app/lib/i18n.server.ts';
import type { Locale } from '#app/lib/locale.ts';
import { ANONYMOUS, PERSONAL_DATA_ID, type Personal, PersonalContext } from '#app/lib/personal.ts';
import { readSession } from '#app/lib/session.server.ts';

/** The personal parts of every page, each rendered from the visitor's data alone. */
const PARTS = [CartLink];

/** The visitor's data, or null for a visitor without a session (nothing personal to show). */
export async function personalData(
  context: AppLoadContext,
  request: Request,
): Promise<Personal | null> {
  const session = await readSession(context.db, request, context);
  if (!session) return null;
  return { cartCount: await cartItemCount(context.db, session) };
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

const anonymousParts = new Map<Locale, string[]>();

/**
 * A page rendered for nobody, made the visitor's: each personal part is swapped for the
 * visitor's rendering of it, and the data goes in as a JSON block so hydration renders the same.
 */
export function personalize(html: string, personal: Personal, request: Request, fallback: Locale) {
  const locale = requestLocale(request, fallback);
  let anonymous = anonymousParts.get(locale);
  if (!anonymous) {
    anonymous = PARTS.map((part) => renderPart(part, ANONYMOUS, locale));
    anonymousParts.set(locale, anonymous);
  }
  let result = html;
  PARTS.forEach((part, i) => {
    result = result.split(anonymous[i]!).join(renderPart(part, personal, locale));
  });
  const json = JSON.stringify(personal).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${PERSONAL_DATA_ID}">${json}</script>`;
  const end = result.lastIndexOf('</body>');
  return end === -1 ? result + block : result.slice(0, end) + block + result.slice(end);
}
