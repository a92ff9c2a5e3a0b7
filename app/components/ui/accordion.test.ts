import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { attribute, openingTag, renderIn } from '../../../tests/support/render.ts';
import { Accordion } from './accordion.tsx';

const items = [
  { id: 'versand', title: 'Wie schnell liefern Sie?', content: h('p', null, '1–3 Werktage') },
  { id: 'rueckgabe', title: 'Kann ich zurückgeben?', content: '14 Tage', defaultOpen: true },
];

describe('Accordion', () => {
  it('puts each toggle button in a heading and ties it to its panel', () => {
    const html = renderIn('de', h(Accordion, { items, headingLevel: 'h2' }));
    const button = openingTag(html, 'button', 'versand-toggle');
    expect(attribute(button, 'type')).toBe('button');
    expect(attribute(button, 'aria-controls')).toBe('versand-panel');
    expect(html).toContain('<h2 class="disclosure-heading"><button');
    const panel = openingTag(html, 'div', 'id="versand-panel"');
    expect(attribute(panel, 'role')).toBe('region');
    expect(attribute(panel, 'aria-labelledby')).toBe('versand-toggle');
  });

  it('says which toggles are open and hides the closed panels', () => {
    const html = renderIn('de', h(Accordion, { items }));
    expect(attribute(openingTag(html, 'button', 'versand-toggle'), 'aria-expanded')).toBe('false');
    expect(openingTag(html, 'div', 'id="versand-panel"')).toContain('hidden');
    expect(attribute(openingTag(html, 'button', 'rueckgabe-toggle'), 'aria-expanded')).toBe('true');
    expect(openingTag(html, 'div', 'id="rueckgabe-panel"')).not.toContain('hidden');
    expect(html).toContain('<p>1–3 Werktage</p>');
  });
});
