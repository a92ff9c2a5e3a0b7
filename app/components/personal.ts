import { createContext, useContext } from 'react';
import { UNSAFE_DataRouterStateContext as DataRouterStateContext } from 'react-router';
import { type MiniCartView, emptyMiniCart } from '#app/domain/cart/mini-cart.view.ts';
import type { Viewer } from '#app/domain/customers/identity.view.ts';
import type { ReviewView } from '#app/domain/reviews/reviews.view.ts';

/** What a shop manager needs on a product page: its waiting reviews and the token to moderate them. */
export type ProductModeration = {
  productId: number;
  pending: ReviewView[];
  /** The session's request-forgery token for the moderation forms. */
  security: string;
  /** The name replies in the shop's name are signed with. */
  shopName: string;
};

/**
 * What a page shows about the visitor: the personal parts of an otherwise shared page (the
 * header cart with the mini cart; on product pages who writes a review and, for shop managers,
 * the waiting reviews). Pages are rendered without it, so one rendering serves every visitor;
 * the server fills the personal parts into each answer and adds this data as JSON, from which
 * the browser hydrates them.
 */
export type Personal = {
  miniCart: MiniCartView;
  /** The logged-in customer as the header shows them; null for a guest. */
  account: PersonalAccount | null;
  /** Who writes a review on product pages; absent or null for a guest. */
  viewer?: Viewer | null;
  moderation?: ProductModeration | null;
};

/** The logged-in customer as the header shows them. */
export type PersonalAccount = { name: string };

const nobody = new Map<string, Personal>();

/** Nobody's data, one object per currency: the mini cart's state follows it by identity. */
export function anonymous(currency: string): Personal {
  let personal = nobody.get(currency);
  if (!personal) {
    personal = { miniCart: emptyMiniCart(currency), account: null };
    nobody.set(currency, personal);
  }
  return personal;
}

/** The element holding the visitor's data in a page (a JSON data block, never executed). */
export const PERSONAL_DATA_ID = 'personal-data';

/** Set only where the server renders the personal parts on their own for one visitor. */
export const PersonalContext = createContext<Personal | null>(null);

let fromDocument: Personal | null | undefined;

/** The page's data block, read once: it only ever says what the page was sent with. */
function documentPersonal(): Personal | null {
  if (fromDocument === undefined) fromDocument = readDocument();
  return fromDocument;
}

function readDocument(): Personal | null {
  const text = document.getElementById(PERSONAL_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as Partial<Personal>;
    if (!Array.isArray(data.miniCart?.lines)) return null;
    return { ...data, miniCart: data.miniCart, account: data.account ?? null };
  } catch {
    return null;
  }
}

/**
 * The visitor's data: after a change (an action revalidates the root's data) from the root
 * loader; on a page as the server sent it, from the data block it filled in, so hydration
 * matches the personal parts; in the shared rendering, nobody's.
 */
export function usePersonal(currency: string): Personal {
  const rendering = useContext(PersonalContext);
  // The router's state directly: the personal parts also render outside the page's router.
  const root = useContext(DataRouterStateContext)?.loaderData.root as
    { personal?: Personal | null } | undefined;
  if (rendering) return rendering;
  if (root?.personal) return root.personal;
  if (typeof document === 'undefined') return anonymous(currency);
  return documentPersonal() ?? anonymous(currency);
}
