import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { attribute, openingTag, renderIn } from '../../../tests/support/render.ts';
import { Drawer } from './drawer.tsx';
import { Modal } from './modal.tsx';

const noop = () => {};

describe('Modal', () => {
  it('is a dialog named by its heading', () => {
    const html = renderIn(
      'de',
      h(Modal, {
        open: true,
        onClose: noop,
        title: 'Anmelden',
        children: h('p', null, 'Formular'),
      }),
    );
    const dialog = openingTag(html, 'dialog');
    expect(attribute(dialog, 'class')).toBe('modal');
    const headingId = attribute(dialog, 'aria-labelledby');
    expect(headingId).toBeTruthy();
    expect(html).toContain(`<h2 id="${headingId}" class="dialog-title">Anmelden</h2>`);
    expect(html).toContain('<div class="dialog-body"><p>Formular</p></div>');
  });

  it('is never rendered open on the server: only showModal() makes the page behind it inert', () => {
    for (const open of [true, false]) {
      const html = renderIn('de', h(Modal, { open, onClose: noop, title: 'T', children: 'x' }));
      expect(attribute(openingTag(html, 'dialog'), 'open')).toBeNull();
    }
  });

  it('has a close button named in the shop language, its icon hidden', () => {
    for (const [locale, name] of [
      ['de', 'Schließen'],
      ['en', 'Close'],
    ] as const) {
      const html = renderIn(
        locale,
        h(Modal, { open: true, onClose: noop, title: 'T', children: 'x' }),
      );
      const button = openingTag(html, 'button');
      expect(attribute(button, 'type')).toBe('button');
      expect(attribute(button, 'aria-label')).toBe(name);
      expect(attribute(openingTag(html, 'svg'), 'aria-hidden')).toBe('true');
    }
  });

  it('keeps its own class beside one it is given', () => {
    const html = renderIn(
      'de',
      h(Modal, { open: true, onClose: noop, title: 'T', children: 'x', className: 'quick-view' }),
    );
    expect(attribute(openingTag(html, 'dialog'), 'class')).toBe('modal quick-view');
  });

  it('gives two dialogs on one page different heading ids', () => {
    const html = renderIn(
      'de',
      h('div', null, [
        h(Modal, { key: 1, open: false, onClose: noop, title: 'Eins', children: 'x' }),
        h(Modal, { key: 2, open: false, onClose: noop, title: 'Zwei', children: 'y' }),
      ]),
    );
    const ids = [...html.matchAll(/aria-labelledby="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
  });
});

describe('Drawer', () => {
  it('is the same named dialog, sliding in from the right unless told otherwise', () => {
    const html = renderIn(
      'en',
      h(Drawer, { open: true, onClose: noop, title: 'Cart', children: h('ul', null) }),
    );
    const dialog = openingTag(html, 'dialog');
    expect(attribute(dialog, 'class')).toBe('drawer drawer-right');
    expect(html).toContain(
      `<h2 id="${attribute(dialog, 'aria-labelledby')}" class="dialog-title">Cart</h2>`,
    );
    expect(attribute(openingTag(html, 'button'), 'aria-label')).toBe('Close');
    const left = renderIn(
      'en',
      h(Drawer, { open: false, onClose: noop, title: 'Menu', children: 'x', side: 'left' }),
    );
    expect(attribute(openingTag(left, 'dialog'), 'class')).toBe('drawer drawer-left');
  });
});
