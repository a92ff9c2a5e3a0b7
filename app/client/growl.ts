/**
 * Growl messages: short notes in a corner of the screen ("Added to the wish list"). Any
 * browser code raises one with `growl(text)`; the region in the page shell shows them.
 */
export type GrowlKind = 'success' | 'info' | 'error';
export type GrowlMessage = { id: number; text: string; kind: GrowlKind };

type Listener = () => void;

/** A list of messages with subscribers: the shop uses the shared one, tests make fresh ones. */
export function createGrowlStore() {
  let messages: readonly GrowlMessage[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const set = (next: readonly GrowlMessage[]) => {
    messages = next;
    for (const listener of listeners) listener();
  };
  return {
    /** Shows a message; returns its id. Blank texts are ignored. */
    raise(text: string, kind: GrowlKind = 'success'): number | null {
      const trimmed = text.trim();
      if (!trimmed) return null;
      const id = nextId++;
      // At most a few at once: the oldest give way.
      set([...messages.slice(-3), { id, text: trimmed, kind }]);
      return id;
    },
    dismiss(id: number) {
      if (messages.some((m) => m.id === id)) set(messages.filter((m) => m.id !== id));
    },
    messages: () => messages,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type GrowlStore = ReturnType<typeof createGrowlStore>;

export const growlStore = createGrowlStore();

/** Raises a growl message in the page's message region. */
export function growl(text: string, kind: GrowlKind = 'success'): number | null {
  return growlStore.raise(text, kind);
}
