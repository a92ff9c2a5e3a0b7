/**
 * Until the browser holds a session, the calls that may start one go one at a time. Two at once
 * would each start a session of their own, and the cookie of the one answered last would win:
 * a product added by the other would vanish from the cart (a quantity change on the product
 * page asks for the express checkout's token while the shopper already presses "Add to cart").
 * Once one of them has been answered, the session exists and the gate stays open.
 */
export function createSessionGate() {
  let started = false;
  let queue: Promise<unknown> = Promise.resolve();

  return function startingSession<T>(call: () => Promise<T>): Promise<T> {
    if (started) return call();
    const next = queue.then(call, call);
    queue = next.then(
      (result) => {
        if (!failed(result)) started = true;
      },
      () => undefined,
    );
    return next;
  };
}

/** A call answered with a failure (`{ ok: false }`) may not have reached the session. */
function failed(result: unknown): boolean {
  return (
    typeof result === 'object' &&
    result !== null &&
    'ok' in result &&
    (result as { ok: unknown }).ok === false
  );
}

/** The page's one gate: every caller that may start the session goes through it. */
export const startingSession = createSessionGate();
