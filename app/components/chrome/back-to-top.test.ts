import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { attribute, openingTag, renderIn } from '../../../tests/support/render.ts';
import { BackToTop, pastFirstScreen } from './back-to-top.tsx';

describe('BackToTop', () => {
  it('links to the top of the page, named in the shop language', () => {
    for (const [locale, name] of [
      ['de', 'Nach oben'],
      ['en', 'Back to top'],
    ] as const) {
      const html = renderIn(locale, h(BackToTop));
      expect(attribute(openingTag(html, 'a'), 'href')).toBe('#top');
      expect(html).toContain(`<span class="visually-hidden">${name}</span>`);
      expect(attribute(openingTag(html, 'svg'), 'aria-hidden')).toBe('true');
    }
  });

  it('stays hidden until the page has scrolled more than a screen', () => {
    expect(attribute(openingTag(renderIn('de', h(BackToTop)), 'a'), 'class')).toBe('back-to-top');
    expect(pastFirstScreen(0, 900)).toBe(false);
    expect(pastFirstScreen(900, 900)).toBe(false);
    expect(pastFirstScreen(901, 900)).toBe(true);
  });
});
