import { createContext, useContext } from 'react';
import { UNSAFE_DataRouterStateContext as DataRouterStateContext } from 'react-router';

/**
 * What a page shows about the visitor: the few personal parts of an otherwise shared page.
 * Pages are rendered without it, so one rendering serves every visitor; the server fills the
 * personal parts into each answer and adds this data as JSON for hydration.
 */
export type Personal = { cartCount: number };

export const ANONYMOUS: Personal = { cartCount: 0 };

/** The element holding the visitor's data in a page (a JSON data block, never executed). */
export const PERSONAL_DATA_ID = 'personal-data';

/** Set only where the server renders the personal parts on their own for one visitor. */
export const PersonalContext = createContext<Personal | null>(null);

let fromDocument: Personal | undefined;

function readDocument(): Personal {
  const text = document.getElementById(PERSONAL_DATA_ID)?.textContent;
  if (!text) return ANONYMOUS;
  try {
    const data = JSON.parse(text) as Partial<Personal>;
    return typeof data.cartCount === 'number' ? { cartCount: data.cartCount } : ANONYMOUS;
  } catch {
    return ANONYMOUS;
  }
}

/**
 * The visitor's data: after a change (an action revalidates the root's data) from the root
 * loader; on a page as the server sent it, from the data block it filled in, so hydration
 * matches the personal parts; in the shared rendering, nobody's.
 */
export function usePersonal(): Personal {
  const rendering = useContext(PersonalContext);
  // The router's state directly: the personal parts also render outside the page's router.
  const root = useContext(DataRouterStateContext)?.loaderData.root as
    { personal?: Personal | null } | undefined;
  if (rendering) return rendering;
  if (root?.personal) return root.personal;
  if (typeof document === 'undefined') return ANONYMOUS;
  fromDocument ??= readDocument();
  return fromDocument;
}
