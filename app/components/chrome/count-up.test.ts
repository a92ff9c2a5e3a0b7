import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { attribute, openingTag, renderIn } from '../../../tests/support/render.ts';
import { CountUp } from './count-up.tsx';

describe('CountUp', () => {
  it('renders the final number, formatted for the language, with no decimals', () => {
    const de = renderIn('de', h(CountUp, { value: 12345 }));
    expect(de).toMatch(/<span class="count-up-shown"[^>]*>12\.345<\/span>/);
    expect(de).toContain('<span class="visually-hidden">12.345</span>');
    const en = renderIn('en', h(CountUp, { value: 12345 }));
    expect(en).toContain('<span class="visually-hidden">12,345</span>');
  });

  it('hides the counting copy from screen readers and reserves its width', () => {
    const html = renderIn('de', h(CountUp, { value: 57 }));
    const shown = openingTag(html, 'span', 'count-up-shown');
    expect(attribute(shown, 'aria-hidden')).toBe('true');
    expect(attribute(shown, 'style')).toBe('min-width:2ch');
    expect(html).toContain('>57</span>');
  });
});
