import {
  type ReactNode,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigation, useRevalidator } from 'react-router';
import {
  type AddRefusal,
  type CartAction,
  type CartAnswer,
  FRAGMENTS_ERROR_EVENT,
  enqueue,
  isCartAnswer,
  postCartAction,
} from '#app/client/cart-calls.ts';
import { CART_HASH_KEY, readStoredHash, storeHash, timeLeft } from '#app/client/cart-hash-store.ts';
import type { CartBehaviour, MiniCartView } from '#app/domain/cart/mini-cart.view.ts';

/** Where the mini cart shows: closed, as the header's dropdown, or as the side drawer. */
export type MiniCartMode = 'closed' | 'dropdown' | 'drawer';

/** Screens up to this width get the drawer instead of the dropdown (spec, section 9). */
export const DRAWER_MAX_WIDTH = 849;

/** The outcome of an add to cart as the button shows it. */
export type AddOutcome = { ok: true } | { ok: false; productUrl?: string; message: string | null };

export type MiniCartApi = {
  cart: MiniCartView;
  mode: MiniCartMode;
  /** Opened by an add to cart rather than by the shopper: the dropdown closes itself. */
  revealed: boolean;
  /** Lines whose removal or quantity change is under way. */
  busyKeys: ReadonlySet<string>;
  /** A cart call is under way: the mini cart's contents fade (spec: 0.6 over 400 ms). */
  refreshing: boolean;
  open: (how?: { revealed?: boolean }) => void;
  close: () => void;
  add: (fields: Record<string, string>) => Promise<AddOutcome>;
  /** False when the call failed or brought no fragments: the caller follows the remove link. */
  remove: (key: string) => Promise<boolean>;
  /** The server's refusal (stock, limits) as a message, or null when the cart took it. */
  setQuantity: (key: string, quantity: string) => Promise<{ ok: boolean; message: string | null }>;
};

const MiniCartContext = createContext<MiniCartApi | null>(null);

/** The page's cart state; null where no provider renders (fragments rendered on the server). */
export function useMiniCart(): MiniCartApi | null {
  return useContext(MiniCartContext);
}

function wideScreen(): boolean {
  return !window.matchMedia(`(max-width: ${DRAWER_MAX_WIDTH}px)`).matches;
}

/**
 * Keeps the cart the header and the mini cart show. It starts from what the server rendered
 * (so a page view asks nothing), follows the root loader when a page form changed the cart,
 * and takes every classic cart call's answer. It asks the server only when another tab
 * changed the cart or what it holds is older than 24 hours.
 */
export function MiniCartProvider({
  initial,
  behaviour,
  children,
}: {
  initial: MiniCartView;
  /** The shop's settings, for adds through page forms (classic calls answer their own). */
  behaviour: CartBehaviour;
  children: ReactNode;
}) {
  const [cart, setCart] = useState(initial);
  const [mode, setMode] = useState<MiniCartMode>('closed');
  const [revealed, setRevealed] = useState(false);
  const [busyKeys, setBusyKeys] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState(0);
  const hashRef = useRef(initial.hash);
  const location = useLocation();
  const revalidator = useRevalidator();
  const onCartPage = location.pathname === '/cart';

  const learn = useCallback((next: MiniCartView) => {
    hashRef.current = next.hash;
    setCart(next);
    storeHash(next.hash);
  }, []);

  // The root loader ran again (a page form changed the cart, the language changed): its
  // cart is the newest there is.
  const [seenInitial, setSeenInitial] = useState(initial);
  if (seenInitial !== initial) {
    setSeenInitial(initial);
    setCart(initial);
  }
  useEffect(() => {
    hashRef.current = initial.hash;
    // The same hash keeps the time it was first learnt: its 24 hours run on.
    if (readStoredHash()?.hash !== initial.hash) storeHash(initial.hash);
  }, [initial]);

  // An add through the product page's form reveals the mini cart too, once the root loader
  // brings the changed cart.
  const navigation = useNavigation();
  const pageFormAdding = navigation.formData?.get('intent') === 'add';
  const addSeenRef = useRef<string | null>(null);
  useEffect(() => {
    if (pageFormAdding) addSeenRef.current ??= hashRef.current;
  }, [pageFormAdding]);

  // Read inside callbacks that must stay the same across renders (the refresh timer's).
  const pageRef = useRef({ onCartPage, revalidator });
  useEffect(() => {
    pageRef.current = { onCartPage, revalidator };
  });

  const call = useCallback(
    async (action: CartAction, fields: Record<string, string>) => {
      setPending((n) => n + 1);
      try {
        const answer = await postCartAction<CartAnswer | AddRefusal>(action, fields);
        if (answer.ok && isCartAnswer(answer.data)) {
          learn(answer.data.cart);
          // The cart page shows the cart too: bring it up to date behind the mini cart.
          const page = pageRef.current;
          if (page.onCartPage && action !== 'get_refreshed_fragments') {
            void page.revalidator.revalidate();
          }
        }
        return answer;
      } finally {
        setPending((n) => n - 1);
      }
    },
    [learn],
  );

  const refresh = useCallback(async () => {
    const answer = await call('get_refreshed_fragments', { time: String(Date.now()) });
    if (!answer.ok || !isCartAnswer(answer.data)) {
      document.dispatchEvent(new CustomEvent(FRAGMENTS_ERROR_EVENT));
    }
  }, [call]);

  // No polling: the page knows the cart. Ask only when the remembered hash is 24 h old
  // (now, or when the timer runs out) or another tab announces a different one.
  useEffect(() => {
    const stored = readStoredHash();
    const entry = stored && stored.hash === hashRef.current ? stored : storeHash(hashRef.current);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        void refresh().then(() => schedule(timeLeft(storeHash(hashRef.current))));
      }, ms);
    };
    schedule(timeLeft(entry));
    const onStorage = (event: StorageEvent) => {
      if (event.key !== CART_HASH_KEY || event.newValue === null) return;
      if (event.newValue !== hashRef.current) void refresh();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('storage', onStorage);
    };
  }, [refresh]);

  const open = useCallback((how: { revealed?: boolean } = {}) => {
    setRevealed(Boolean(how.revealed));
    setMode(wideScreen() ? 'dropdown' : 'drawer');
  }, []);

  useEffect(() => {
    const before = addSeenRef.current;
    if (before === null || pageFormAdding) return;
    addSeenRef.current = null;
    if (initial.hash !== before && initial.lines.length > 0 && behaviour.revealMiniCart) {
      open({ revealed: true });
    }
  }, [initial, pageFormAdding, behaviour.revealMiniCart, open]);
  const close = useCallback(() => {
    setRevealed(false);
    setMode('closed');
  }, []);
  // A dropdown opened by an add closes itself after the shop's reveal time (spec, section 9);
  // the shopper turning to it opens it for good (no longer revealed).
  // Without the setting (a page rendered before it existed) the spec's 5 seconds.
  const revealMs = (behaviour.revealSeconds ?? 5) * 1000;
  useEffect(() => {
    if (revealed && mode === 'dropdown') {
      const timer = setTimeout(close, revealMs);
      return () => clearTimeout(timer);
    }
  }, [mode, revealed, close, revealMs]);

  const add = useCallback(
    (fields: Record<string, string>) =>
      enqueue(async (): Promise<AddOutcome> => {
        const answer = await call('add_to_cart', fields);
        if (!answer.ok) {
          return { ok: false, message: answer.kind === 'http' ? answer.error.message : null };
        }
        const data = answer.data;
        if (data && 'error' in data && data.error) {
          return { ok: false, productUrl: data.product_url, message: data.message ?? null };
        }
        if (!isCartAnswer(data)) return { ok: false, message: null };
        if (data.redirect) {
          window.location.assign(data.redirect);
        } else if (data.reveal_mini_cart) {
          open({ revealed: true });
        }
        return { ok: true };
      }),
    [call, open],
  );

  const withBusyLine = useCallback(async <T,>(key: string, run: () => Promise<T>): Promise<T> => {
    setBusyKeys((keys) => new Set(keys).add(key));
    try {
      return await run();
    } finally {
      setBusyKeys((keys) => {
        const next = new Set(keys);
        next.delete(key);
        return next;
      });
    }
  }, []);

  const remove = useCallback(
    (key: string) =>
      withBusyLine(key, async () => {
        const answer = await call('remove_from_cart', { cart_item_key: key });
        return answer.ok && isCartAnswer(answer.data);
      }),
    [call, withBusyLine],
  );

  const setQuantity = useCallback(
    (key: string, quantity: string) =>
      withBusyLine(key, async () => {
        const answer = await call('update_cart_item_quantity', {
          cart_item_key: key,
          quantity,
        });
        if (answer.ok && isCartAnswer(answer.data)) return { ok: true, message: null };
        return {
          ok: false,
          message: answer.ok || answer.kind !== 'http' ? null : answer.error.message,
        };
      }),
    [call, withBusyLine],
  );

  const api = useMemo<MiniCartApi>(
    () => ({
      cart,
      mode,
      revealed,
      busyKeys,
      refreshing: pending > 0,
      open,
      close,
      add,
      remove,
      setQuantity,
    }),
    [cart, mode, revealed, busyKeys, pending, open, close, add, remove, setQuantity],
  );
  return <MiniCartContext.Provider value={api}>{children}</MiniCartContext.Provider>;
}
