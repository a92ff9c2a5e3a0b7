import { describe, expect, it } from 'vitest';
import { LEGAL_SLUGS, legalPage } from '#app/content/legal.ts';
import { UNSET_OWNER, displayOwner } from '#app/domain/settings/shop-owner.ts';
import { LOCALES } from '#app/lib/locale.ts';
import { LEGAL_LIMITS, legalPageToText, parseLegalText } from './legal-text.ts';

const owner = {
  ...UNSET_OWNER,
  name: 'Ladenzeile GmbH',
  vatId: 'DE123456789',
};

describe('legal page text', () => {
  it('reads every starter page back exactly as written out, in both languages', () => {
    for (const slug of LEGAL_SLUGS) {
      for (const locale of LOCALES) {
        const page = legalPage(slug, locale, displayOwner(owner, locale));
        const parsed = parseLegalText(slug, {
          title: page.title,
          notice: page.reviewNotice,
          text: legalPageToText(page),
        });
        expect(parsed, `${slug} ${locale}`).toEqual({ ok: true, page });
      }
    }
  });

  it('reads headings, paragraphs, lists, tables and addresses', () => {
    const parsed = parseLegalText('agb', {
      title: ' AGB ',
      notice: '',
      text: [
        '## 1. Geltung',
        'Diese Bedingungen gelten',
        'für alle Bestellungen.',
        '- erstens',
        '- zweitens',
        '',
        '## 2. Kontakt',
        '> Ladenzeile GmbH',
        '> Hauptstraße 1',
        '',
        '| Land | Tage |',
        '| DE | 2 |',
        '| AT | 4 |',
      ].join('\r\n'),
    });
    expect(parsed).toEqual({
      ok: true,
      page: {
        slug: 'agb',
        title: 'AGB',
        reviewNotice: '',
        sections: [
          {
            heading: '1. Geltung',
            blocks: [
              { type: 'paragraph', text: 'Diese Bedingungen gelten für alle Bestellungen.' },
              { type: 'list', items: ['erstens', 'zweitens'] },
            ],
          },
          {
            heading: '2. Kontakt',
            blocks: [
              { type: 'address', lines: ['Ladenzeile GmbH', 'Hauptstraße 1'] },
              {
                type: 'table',
                head: ['Land', 'Tage'],
                rows: [
                  ['DE', '2'],
                  ['AT', '4'],
                ],
              },
            ],
          },
        ],
      },
    });
  });

  it('names the problem and its line', () => {
    const check = (text: string, title = 'T') => parseLegalText('agb', { title, notice: '', text });
    expect(check('## A\ntext', '  ')).toEqual({ ok: false, problem: { kind: 'empty_title' } });
    expect(check('')).toEqual({ ok: false, problem: { kind: 'no_sections' } });
    expect(check('Vorwort\n## A\ntext')).toEqual({
      ok: false,
      problem: { kind: 'text_before_heading', line: 1 },
    });
    expect(check('## A\ntext\n\n##   \ntext')).toEqual({
      ok: false,
      problem: { kind: 'empty_heading', line: 4 },
    });
    expect(check('## A\n\n## B\ntext')).toEqual({
      ok: false,
      problem: { kind: 'empty_section', line: 1 },
    });
    expect(check('## A\n| a | b |\n| 1 |')).toEqual({
      ok: false,
      problem: { kind: 'table_columns', line: 2 },
    });
  });

  it('refuses hostile input without throwing', () => {
    const check = (input: { title?: string; notice?: string; text?: string }) =>
      parseLegalText('impressum', { title: 'T', notice: '', text: '## A\nB', ...input });
    expect(check({ text: '## A\nB\u0000C' })).toEqual({
      ok: false,
      problem: { kind: 'control_characters' },
    });
    expect(check({ title: 'x'.repeat(10_000) })).toEqual({
      ok: false,
      problem: { kind: 'too_long', what: 'title' },
    });
    expect(check({ notice: 'x'.repeat(10_000) })).toEqual({
      ok: false,
      problem: { kind: 'too_long', what: 'notice' },
    });
    expect(check({ text: `## A\n${'x'.repeat(LEGAL_LIMITS.text)}` })).toEqual({
      ok: false,
      problem: { kind: 'too_long', what: 'text' },
    });
    expect(check({ text: `## A\n${'x'.repeat(LEGAL_LIMITS.line + 1)}` })).toEqual({
      ok: false,
      problem: { kind: 'too_long', what: 'line', line: 2 },
    });
    expect(check({ text: Array.from({ length: 201 }, (_, i) => `## ${i}\nx`).join('\n') })).toEqual(
      { ok: false, problem: { kind: 'too_many_sections' } },
    );
    // Markup-looking text stays text: it is escaped where it is shown.
    const script = check({ text: '## <script>alert(1)</script>\n<img src=x onerror=alert(1)>' });
    expect(script.ok && script.page.sections[0]).toEqual({
      heading: '<script>alert(1)</script>',
      blocks: [{ type: 'paragraph', text: '<img src=x onerror=alert(1)>' }],
    });
  });
});
