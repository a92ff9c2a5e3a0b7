import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { attribute, openingTag, renderIn } from '../../../tests/support/render.ts';
import { createGrowlStore } from '#app/client/growl.ts';
import { GrowlRegion } from './growl.tsx';

describe('GrowlRegion', () => {
  it('is a polite status region that is there before any message', () => {
    const html = renderIn('de', h(GrowlRegion, { store: createGrowlStore() }));
    const region = openingTag(html, 'div', 'growl-region');
    expect(attribute(region, 'role')).toBe('status');
    expect(attribute(region, 'aria-live')).toBe('polite');
    // Only new messages are read, not the ones still on screen.
    expect(attribute(region, 'aria-atomic')).toBe('false');
    expect(attribute(region, 'aria-label')).toBe('Meldungen');
  });
});

describe('growl messages', () => {
  it('shows each message with a named button that closes it', () => {
    for (const [locale, name] of [
      ['de', 'Meldung schließen'],
      ['en', 'Dismiss message'],
    ] as const) {
      const store = createGrowlStore();
      store.raise('Auf den Merkzettel gesetzt');
      store.raise('Verbindung unterbrochen', 'error');
      const html = renderIn(locale, h(GrowlRegion, { store }));
      expect(openingTag(html, 'li')).toContain('growl growl-success');
      expect(html).toContain('<p class="growl-text">Auf den Merkzettel gesetzt</p>');
      expect(openingTag(html, 'li', 'growl-error')).toBeTruthy();
      const buttons = [...html.matchAll(/<button[^>]*>/g)].map((m) => m[0]);
      expect(buttons).toHaveLength(2);
      for (const button of buttons) {
        expect(attribute(button, 'type')).toBe('button');
        expect(attribute(button, 'aria-label')).toBe(name);
      }
    }
  });
});
