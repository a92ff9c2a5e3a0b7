/** How long a script chunk may take before the page offers a reload (spec: 120 s). */
export const CHUNK_TIMEOUT_MS = 120_000;

type Listener = () => void;
let failed = false;
const listeners = new Set<Listener>();

/** Whether a chunk failed to load on this page; the reload prompt shows while true. */
export const chunkFailure = {
  get: () => failed,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function reportChunkFailure(): void {
  if (failed) return;
  failed = true;
  for (const listener of listeners) listener();
}

/**
 * A lazily imported module, given up after the time-out: a deployment that replaced the
 * files, or a connection that stalled, then shows the reload prompt instead of a dead button.
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('chunk load timed out')), timeoutMs);
  });
  return Promise.race([load(), timeout]).then(
    (module) => {
      clearTimeout(timer);
      return module;
    },
    (error: unknown) => {
      clearTimeout(timer);
      reportChunkFailure();
      throw error;
    },
  );
}

/** Vite reports a chunk whose preload failed with this event on window. */
export function watchPreloadErrors(): () => void {
  const onError = () => reportChunkFailure();
  window.addEventListener('vite:preloadError', onError);
  return () => window.removeEventListener('vite:preloadError', onError);
}
