/** The query parameter WooCommerce's scripts name a classic call by (`wc_ajax_url`). */
const PARAM = 'wc-ajax';

/**
 * WooCommerce's default address of a classic call, `/<any path>?wc-ajax=<action>`, as the
 * `/wc-ajax/<action>` address the app's route answers, with the other parameters kept. Null
 * for every request that names no call, which costs them one string search and nothing more.
 * An empty value names no call (the page is served, as WooCommerce does); several values name
 * no action the shop knows, so they get its JSON 404 rather than a guess.
 */
export function wcAjaxAddress(url: URL): URL | null {
  if (!url.search.includes(PARAM)) return null;
  const actions = url.searchParams.getAll(PARAM);
  if (actions.length === 0 || (actions.length === 1 && actions[0] === '')) return null;
  const address = new URL(url);
  address.searchParams.delete(PARAM);
  const action = actions.length === 1 ? actions[0]! : actions.join(',');
  address.pathname = `/wc-ajax/${encodeURIComponent(action)}`;
  return address;
}
