import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { attribute, openingTag, renderIn } from '../../../tests/support/render.ts';
import { Tooltip } from './tooltip.tsx';

describe('Tooltip', () => {
  it('describes its trigger by a tooltip that is closed at first', () => {
    const html = renderIn(
      'de',
      h(Tooltip, {
        content: 'Preis je Kilogramm',
        children: (trigger) => h('button', { type: 'button', ...trigger }, 'Grundpreis'),
      }),
    );
    const describedBy = attribute(openingTag(html, 'button'), 'aria-describedby');
    expect(describedBy).toBeTruthy();
    const tip = openingTag(html, 'span', 'role="tooltip"');
    expect(attribute(tip, 'id')).toBe(describedBy);
    expect(attribute(tip, 'class')).toBe('tooltip tooltip-top');
    expect(html).toContain('Preis je Kilogramm</span>');
  });

  it('gives two tooltips different ids and can sit below its trigger', () => {
    const tip = (text: string) =>
      h(Tooltip, {
        content: text,
        placement: 'bottom',
        children: (trigger) => h('a', { href: '/agb', ...trigger }, text),
      });
    const html = renderIn('en', h('div', null, tip('One'), tip('Two')));
    const ids = [...html.matchAll(/aria-describedby="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
    expect(attribute(openingTag(html, 'span', 'role="tooltip"'), 'class')).toBe(
      'tooltip tooltip-bottom',
    );
  });
});
