import { describe, it, expect } from 'vitest';
import { LOCALES } from '#app/lib/locale.ts';
import {
  LEGAL_SLUGS,
  isLegalSlug,
  legalPage,
  type LegalBlock,
  type LegalPage,
  type ShopOwner,
} from './legal.ts';

const OWNER: ShopOwner = {
  name: 'Ladenzeile Musterhandel GmbH',
  street: 'Hafenstraße 12',
  postcode: '20457',
  city: 'Hamburg',
  country: 'Deutschland',
  email: 'service@ladenzeile.example',
  phone: '+49 40 1234567',
  vatId: 'DE123456789',
  register: 'Amtsgericht Hamburg, HRB 123456',
  representative: 'Erika Mustermann',
};

/** A sole trader without register entry, VAT id, representative or phone number. */
const MINIMAL_OWNER: ShopOwner = {
  name: 'Max Beispiel',
  street: 'Lindenweg 3',
  postcode: '04109',
  city: 'Leipzig',
  country: 'Deutschland',
  email: 'max@beispiel.example',
  phone: ' ',
  vatId: '',
  register: '',
  representative: '',
};

const TITLES = {
  de: {
    impressum: 'Impressum',
    agb: 'Allgemeine Geschäftsbedingungen',
    widerruf: 'Widerrufsbelehrung',
    datenschutz: 'Datenschutzerklärung',
    'versand-und-zahlung': 'Versand und Zahlung',
    barrierefreiheit: 'Erklärung zur Barrierefreiheit',
  },
  en: {
    impressum: 'Legal notice',
    agb: 'Terms and conditions',
    widerruf: 'Right of withdrawal',
    datenschutz: 'Privacy policy',
    'versand-und-zahlung': 'Shipping and payment',
    barrierefreiheit: 'Accessibility statement',
  },
} as const;

function blockTexts(block: LegalBlock): string[] {
  switch (block.type) {
    case 'paragraph':
      return [block.text];
    case 'list':
      return block.items;
    case 'address':
      return block.lines;
    case 'table':
      return [...block.head, ...block.rows.flat()];
  }
}

function allText(page: LegalPage): string {
  return [
    page.title,
    page.reviewNotice,
    ...page.sections.flatMap((s) => [s.heading, ...s.blocks.flatMap(blockTexts)]),
  ].join('\n');
}

const CASES = LEGAL_SLUGS.flatMap((slug) => LOCALES.map((locale) => [slug, locale] as const));

describe('legalPage', () => {
  describe.each(CASES)('%s (%s)', (slug, locale) => {
    const page = legalPage(slug, locale, OWNER);

    it('has the expected slug and title', () => {
      expect(page.slug).toBe(slug);
      expect(page.title).toBe(TITLES[locale][slug]);
    });

    it('begins with a review notice asking for a legal check', () => {
      expect(page.reviewNotice.length).toBeGreaterThan(100);
      expect(page.reviewNotice).toMatch(locale === 'de' ? /Rechtsanw/ : /lawyer/);
    });

    it('has at least three sections, each with a heading and a non-empty block', () => {
      expect(page.sections.length).toBeGreaterThanOrEqual(3);
      for (const section of page.sections) {
        expect(section.heading.trim()).not.toBe('');
        expect(section.blocks.length).toBeGreaterThan(0);
        for (const block of section.blocks) {
          const texts = blockTexts(block);
          expect(texts.length).toBeGreaterThan(0);
          for (const text of texts) expect(text.trim()).not.toBe('');
          if (block.type === 'table') {
            for (const row of block.rows) expect(row).toHaveLength(block.head.length);
          }
        }
      }
    });

    it('has unique section headings', () => {
      const headings = page.sections.map((s) => s.heading);
      expect(new Set(headings).size).toBe(headings.length);
    });

    it('contains no markup or unfilled values', () => {
      const text = allText(page);
      expect(text).not.toMatch(/<[a-z/!]/i);
      expect(text).not.toMatch(/undefined|null|\$\{|\[object/);
    });

    it('handles an owner without optional details', () => {
      const minimal = legalPage(slug, locale, MINIMAL_OWNER);
      expect(minimal.sections.length).toBeGreaterThanOrEqual(3);
      const text = allText(minimal);
      expect(text).not.toMatch(/undefined|null|\$\{/);
      expect(text).not.toMatch(/(Telefon|Phone): *$/m);
      for (const section of minimal.sections) {
        for (const block of section.blocks) {
          for (const line of blockTexts(block)) expect(line.trim()).not.toBe('');
        }
      }
    });
  });

  describe.each(['impressum', 'datenschutz'] as const)('%s names the owner', (slug) => {
    it.each(LOCALES)('in %s', (locale) => {
      const text = allText(legalPage(slug, locale, OWNER));
      for (const value of [
        OWNER.name,
        OWNER.email,
        OWNER.street,
        OWNER.postcode,
        OWNER.city,
        OWNER.phone,
      ]) {
        expect(text).toContain(value);
      }
    });
  });

  it.each(LOCALES)('impressum (%s) includes VAT id, register and representative', (locale) => {
    const text = allText(legalPage('impressum', locale, OWNER));
    expect(text).toContain(OWNER.vatId);
    expect(text).toContain(OWNER.register);
    expect(text).toContain(OWNER.representative);
  });

  it.each(LOCALES)('impressum (%s) leaves out empty optional details', (locale) => {
    const page = legalPage('impressum', locale, MINIMAL_OWNER);
    const headings = page.sections.map((s) => s.heading).join('\n');
    expect(headings).not.toMatch(/Register|Umsatzsteuer|VAT|Vertreten|Represented/);
    expect(allText(page)).toContain(MINIMAL_OWNER.name);
  });

  it.each(LOCALES)('agb (%s) names the contract partner', (locale) => {
    const text = allText(legalPage('agb', locale, OWNER));
    expect(text).toContain(OWNER.name);
    expect(text).toContain(OWNER.street);
    expect(text).toContain(OWNER.email);
    expect(text).toMatch(/Stripe/);
    expect(text).toMatch(locale === 'de' ? /Zahlungspflichtig bestellen/ : /Place order and pay/);
  });

  describe('widerruf', () => {
    it.each([
      ['de', /14 Tag/, /Muster-Widerrufsformular/, /Unzutreffendes streichen/],
      ['en', /14 days/, /Model withdrawal form/, /Delete as appropriate/],
    ] as const)(
      '(%s) names the 14-day period and has the model form',
      (locale, period, formHeading, strike) => {
        const page = legalPage('widerruf', locale, OWNER);
        expect(allText(page)).toMatch(period);

        const form = page.sections.find((s) => formHeading.test(s.heading));
        expect(form).toBeDefined();
        const formText = form!.blocks.flatMap(blockTexts).join('\n');
        const addressBlock = form!.blocks.find((b) => b.type === 'address');
        expect(addressBlock && blockTexts(addressBlock).join('\n')).toContain(OWNER.name);
        expect(formText).toContain(OWNER.street);
        expect(formText).toContain(OWNER.email);
        expect(formText).toMatch(locale === 'de' ? /Unterschrift/ : /Signature/);
        expect(formText).toMatch(locale === 'de' ? /Datum/ : /Date/);
        expect(formText).toMatch(strike);
        expect(form!.blocks.some((b) => b.type === 'list')).toBe(true);
      },
    );

    it.each(LOCALES)('(%s) gives the withdrawal address of the owner', (locale) => {
      const page = legalPage('widerruf', locale, OWNER);
      const addresses = page.sections.flatMap((s) => s.blocks).filter((b) => b.type === 'address');
      expect(addresses.length).toBeGreaterThanOrEqual(2);
      expect(allText(page)).toContain(OWNER.phone);
    });
  });

  it.each(LOCALES)('datenschutz (%s) covers cookies, Stripe and data subject rights', (locale) => {
    const text = allText(legalPage('datenschutz', locale, OWNER));
    expect(text).toMatch(/\bsid\b/);
    expect(text).toMatch(/\blang\b/);
    expect(text).toMatch(/Stripe/);
    for (const article of ['15', '16', '17', '18', '20', '21', '77']) {
      expect(text).toMatch(new RegExp(`Art\\. ${article}\\b`));
    }
  });

  it.each([
    ['de', ['4,90 €', '50,00 €', '19,90 €', '12,90 €', '24,90 €']],
    ['en', ['€4.90', '€50.00', '€19.90', '€12.90', '€24.90']],
  ] as const)('versand-und-zahlung (%s) has the shipping cost table', (locale, amounts) => {
    const page = legalPage('versand-und-zahlung', locale, OWNER);
    const tables = page.sections.flatMap((s) => s.blocks).filter((b) => b.type === 'table');
    expect(tables).toHaveLength(1);
    const tableText = blockTexts(tables[0]!).join('\n');
    for (const amount of amounts) expect(tableText).toContain(amount);
    expect(allText(page)).toMatch(locale === 'de' ? /Pfand/ : /deposit/i);
  });

  it.each(LOCALES)('(%s) treats dash-only owner fields as not set', (locale) => {
    const dashed: ShopOwner = {
      ...OWNER,
      street: '—',
      postcode: '',
      city: '',
      phone: '—',
      vatId: '—',
      register: '-',
      representative: '–',
    };
    for (const slug of LEGAL_SLUGS) {
      const page = legalPage(slug, locale, dashed);
      expect(page.sections.length).toBeGreaterThanOrEqual(3);
      const text = allText(page);
      expect(text).not.toMatch(/^[-–—]$|: [-–—]$| in \.|[-–—]\.$/m);
      if (slug !== 'versand-und-zahlung') expect(text).toContain(OWNER.name);
    }
  });

  it('trims the owner details', () => {
    const page = legalPage('impressum', 'de', { ...OWNER, name: `  ${OWNER.name}  ` });
    expect(allText(page)).toContain(`\n${OWNER.name}\n`);
  });
});

describe('isLegalSlug', () => {
  it('accepts every legal slug', () => {
    for (const slug of LEGAL_SLUGS) expect(isLegalSlug(slug)).toBe(true);
  });

  it('rejects unknown strings', () => {
    for (const value of ['', 'imprint', 'AGB', 'impressum ', 'privacy', 'versand', '__proto__']) {
      expect(isLegalSlug(value)).toBe(false);
    }
  });
});
