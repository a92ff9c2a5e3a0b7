import { describe, expect, it } from 'vitest';
import { createGrowlStore } from './growl.ts';

describe('growl store', () => {
  it('adds messages in order, tells subscribers and dismisses by id', () => {
    const store = createGrowlStore();
    let calls = 0;
    const stop = store.subscribe(() => calls++);
    const first = store.raise('In den Warenkorb gelegt');
    const second = store.raise('Gutschein angewendet', 'info');
    expect(store.messages()).toEqual([
      { id: first, text: 'In den Warenkorb gelegt', kind: 'success' },
      { id: second, text: 'Gutschein angewendet', kind: 'info' },
    ]);
    store.dismiss(first!);
    expect(store.messages().map((m) => m.id)).toEqual([second]);
    expect(calls).toBe(3);
    stop();
    store.raise('ohne Zuhörer');
    expect(calls).toBe(3);
  });

  it('ignores blank texts and unknown ids', () => {
    const store = createGrowlStore();
    let calls = 0;
    store.subscribe(() => calls++);
    expect(store.raise('   ')).toBeNull();
    store.dismiss(42);
    expect(calls).toBe(0);
    expect(store.messages()).toEqual([]);
  });

  it('keeps the newest four when many arrive at once', () => {
    const store = createGrowlStore();
    for (let i = 1; i <= 6; i++) store.raise(`Meldung ${i}`);
    expect(store.messages().map((m) => m.text)).toEqual([
      'Meldung 3',
      'Meldung 4',
      'Meldung 5',
      'Meldung 6',
    ]);
  });
});
