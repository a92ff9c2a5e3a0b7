import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

/**
 * The router's first render suspends until it has decoded the loader data the server
 * streamed into the page. React waits for that at the root; Preact cannot suspend while it
 * hydrates a whole document (it would render the page a second time). So the decoding runs
 * first: the router throws its decoding promise before it touches any hook, and once that
 * promise settles the real render goes straight through.
 */
function routerDataDecoded(): Promise<void> {
  try {
    HydratedRouter({});
  } catch (thrown) {
    if (thrown instanceof Promise) return thrown.then(() => undefined);
    return Promise.reject(thrown);
  }
  return Promise.resolve();
}

void routerDataDecoded().then(() => {
  hydrateRoot(document, <HydratedRouter />);
  // Preact hydrates synchronously: from here on, links and forms answer through the router.
  document.documentElement.dataset.hydrated = '';
});
