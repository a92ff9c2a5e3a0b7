import { readFileSync } from 'node:fs';
import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { attribute, openingTag, renderIn } from '../../../tests/support/render.ts';
import { Overlay } from './overlay.tsx';

describe('Overlay', () => {
  it('marks the covered region busy and shows its veil while busy', () => {
    const html = renderIn(
      'de',
      h(Overlay, { busy: true, className: 'mini-cart-line', children: h('p', null, 'Kaffee') }),
    );
    const region = openingTag(html, 'div', 'overlay-region');
    expect(attribute(region, 'class')).toBe('overlay-region mini-cart-line');
    expect(attribute(region, 'aria-busy')).toBe('true');
    const veil = openingTag(html, 'div', 'loading-overlay');
    expect(attribute(veil, 'class')).toBe('loading-overlay is-active');
    // The veil is decoration: the region's busy state is what assistive technology hears.
    expect(attribute(veil, 'aria-hidden')).toBe('true');
    expect(html).toContain('<p>Kaffee</p>');
  });

  it('is not busy and keeps the veil hidden otherwise', () => {
    const html = renderIn('de', h(Overlay, { busy: false, children: 'Kaffee' }));
    expect(attribute(openingTag(html, 'div', 'overlay-region'), 'aria-busy')).toBeNull();
    expect(attribute(openingTag(html, 'div', 'loading-overlay'), 'class')).toBe('loading-overlay');
  });
});

describe('loading overlay timings', () => {
  // The spec's defaults: fade in 200 ms, fade out 400 ms, base z-index 1000.
  const css = readFileSync(new URL('../../styles/ui.css', import.meta.url), 'utf8');
  const rule = (selector: string) => {
    const start = css.indexOf(`${selector} {`);
    expect(start).toBeGreaterThanOrEqual(0);
    return css.slice(start, css.indexOf('}', start));
  };

  it('fades out over 400 ms above the content at z-index 1000', () => {
    const veil = rule('.loading-overlay');
    expect(veil).toMatch(/z-index: 1000;/);
    expect(veil).toMatch(/opacity 400ms/);
    expect(veil).toMatch(/visibility 0s 400ms/);
  });

  it('fades in over 200 ms', () => {
    expect(rule('.loading-overlay.is-active')).toMatch(/transition: opacity 200ms;/);
  });
});
