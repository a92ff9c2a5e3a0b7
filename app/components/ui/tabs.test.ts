import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { attribute, openingTag, renderIn } from '../../../tests/support/render.ts';
import { Tabs, tabForKey } from './tabs.tsx';

const items = [
  { id: 'description', label: 'Beschreibung', content: h('p', null, 'Text') },
  { id: 'additional_information', label: 'Zusätzliche Informationen', content: 'Maße' },
  { id: 'reviews', label: 'Bewertungen (2)', content: 'Sterne' },
];

describe('tabForKey', () => {
  it('steps with the arrows, wrapping at both ends', () => {
    expect(tabForKey('ArrowRight', 0, 3)).toBe(1);
    expect(tabForKey('ArrowRight', 2, 3)).toBe(0);
    expect(tabForKey('ArrowLeft', 0, 3)).toBe(2);
    expect(tabForKey('ArrowLeft', 2, 3)).toBe(1);
  });

  it('jumps to the ends with Home and End and ignores other keys', () => {
    expect(tabForKey('Home', 2, 3)).toBe(0);
    expect(tabForKey('End', 0, 3)).toBe(2);
    expect(tabForKey('Enter', 1, 3)).toBeNull();
    expect(tabForKey('ArrowDown', 1, 3)).toBeNull();
    expect(tabForKey('End', 0, 0)).toBeNull();
  });
});

describe('Tabs', () => {
  it('is a named tab list whose tabs control their panels', () => {
    const html = renderIn('de', h(Tabs, { label: 'Produktdetails', items }));
    expect(attribute(openingTag(html, 'div', 'role="tablist"'), 'aria-label')).toBe(
      'Produktdetails',
    );
    for (const item of items) {
      const tab = openingTag(html, 'button', `id="tab-title-${item.id}"`);
      expect(attribute(tab, 'role')).toBe('tab');
      expect(attribute(tab, 'aria-controls')).toBe(`tab-${item.id}`);
      const panel = openingTag(html, 'div', `id="tab-${item.id}"`);
      expect(attribute(panel, 'role')).toBe('tabpanel');
      expect(attribute(panel, 'aria-labelledby')).toBe(`tab-title-${item.id}`);
    }
  });

  it('selects the first tab unless told otherwise; only it is in the Tab order', () => {
    const html = renderIn('de', h(Tabs, { label: 'Details', items }));
    const first = openingTag(html, 'button', 'tab-title-description');
    expect(attribute(first, 'aria-selected')).toBe('true');
    expect(attribute(first, 'tabindex')).toBe('0');
    const other = openingTag(html, 'button', 'tab-title-reviews');
    expect(attribute(other, 'aria-selected')).toBe('false');
    expect(attribute(other, 'tabindex')).toBe('-1');
    expect(openingTag(html, 'div', 'id="tab-description"')).not.toContain('hidden');
    expect(openingTag(html, 'div', 'id="tab-reviews"')).toContain('hidden');
  });

  it('shows the tab it is given, and the first for an unknown one', () => {
    const chosen = renderIn('de', h(Tabs, { label: 'Details', items, selected: 'reviews' }));
    expect(attribute(openingTag(chosen, 'button', 'tab-title-reviews'), 'aria-selected')).toBe(
      'true',
    );
    expect(openingTag(chosen, 'div', 'id="tab-reviews"')).not.toContain('hidden');
    const unknown = renderIn('de', h(Tabs, { label: 'Details', items, defaultSelected: 'x' }));
    expect(attribute(openingTag(unknown, 'button', 'tab-title-description'), 'aria-selected')).toBe(
      'true',
    );
  });
});

describe('Tabs without script', () => {
  it('carries a noscript style that shows every panel and hides the dead tab list', () => {
    const html = renderIn('de', h(Tabs, { label: 'Details', items }));
    const fallback = /<noscript>([\s\S]*?)<\/noscript>/.exec(html)?.[1] ?? '';
    expect(fallback).toContain('.tabs>.tab-panel[hidden]{display:block}');
    expect(fallback).toContain('.tabs>.tab-list{display:none}');
  });
});
