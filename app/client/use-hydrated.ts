import { useEffect, useState } from 'react';

// Once one component has hydrated, later mounts (client navigation) start out hydrated.
let hydrated = false;

/** Whether the page has hydrated: for state that must match the server's markup until then. */
export function isHydrated(): boolean {
  return hydrated;
}

/**
 * False during server rendering and hydration, true once the page's script runs. A state
 * flipped by an effect rather than useSyncExternalStore: Preact's version of that ignores
 * the server snapshot, so the server would render the hydrated page.
 */
export function useHydrated(): boolean {
  const [value, setValue] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    // The one extra render after hydration is the point of this hook.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setValue(true);
  }, []);
  return value;
}
