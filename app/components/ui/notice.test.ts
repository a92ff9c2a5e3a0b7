import { createElement as h } from 'react';
import { describe, expect, it } from 'vitest';
import { attribute, openingTag, renderIn } from '../../../tests/support/render.ts';
import { Notice, NoticeList } from './notice.tsx';

describe('Notice', () => {
  it('announces errors assertively and everything else politely', () => {
    expect(renderIn('de', h(Notice, { kind: 'error', children: 'Nicht genug auf Lager.' }))).toBe(
      '<div class="notice notice-error" role="alert">Nicht genug auf Lager.</div>',
    );
    for (const kind of ['success', 'info'] as const) {
      const html = renderIn('de', h(Notice, { kind, children: 'Warenkorb aktualisiert.' }));
      expect(attribute(openingTag(html, 'div'), 'role')).toBe('status');
      expect(attribute(openingTag(html, 'div'), 'class')).toBe(`notice notice-${kind}`);
    }
  });
});

describe('NoticeList', () => {
  it('renders nothing without messages', () => {
    expect(renderIn('de', h(NoticeList, { notices: [] }))).toBe('');
  });

  it('groups the messages by kind, errors first, each group one live region', () => {
    const html = renderIn(
      'de',
      h(NoticeList, {
        notices: [
          { kind: 'success', text: 'Gutschein angewendet.' },
          {
            kind: 'error',
            text: 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
            field: 'billing_email',
          },
          { kind: 'error', text: 'Bitte wählen Sie eine Zahlungsart.' },
        ],
      }),
    );
    expect(attribute(openingTag(html, 'div', 'notices'), 'tabindex')).toBe('-1');
    const regions = [...html.matchAll(/role="(alert|status)"/g)].map((m) => m[1]);
    expect(regions).toEqual(['alert', 'status']);
    expect(html.indexOf('notice-error')).toBeLessThan(html.indexOf('notice-success'));
    expect(html).toContain(
      '<ul class="notice-list"><li><a href="#billing_email">Bitte geben Sie Ihre E-Mail-Adresse ein.</a></li><li>Bitte wählen Sie eine Zahlungsart.</li></ul>',
    );
    // A single message of its kind needs no list around it.
    expect(html).toContain(
      '<div class="notice notice-success" role="status">Gutschein angewendet.</div>',
    );
  });
});
