import type { Appearance, CssFontSource } from '@stripe/stripe-js';
import type { Translate } from '#app/lib/i18n.ts';
import { stripeAjax } from './calls.ts';

/**
 * The Payment Element dressed in the shop's theme (spec sections 5 and 9): the theme's fonts,
 * colours and radius read from the page, +2 px base font in the one-click layout, the tab
 * hover colour 7 % darker (or lighter on dark tabs), white when the page has no background.
 */
export const THEME_NAME = 'ladenzeile';

/** Font stylesheets from these hosts are handed to the element, which loads them itself. */
export const FONT_HOSTS = [
  'fonts.googleapis.com',
  'fonts.bunny.net',
  'use.typekit.net',
  'fast.fonts.net',
] as const;

export const DEFAULT_BACKGROUND = '#ffffff';
export const HOVER_ADJUST_PERCENT = 7;
export const ONE_CLICK_FONT_BOOST_PX = 2;

/** What the page's computed styles say; read in the browser, computed on purely. */
export type ThemeStyles = {
  fontFamily: string;
  /** The base font size, e.g. "16px". */
  fontSize: string;
  textColor: string;
  backgroundColor: string;
  primaryColor: string;
  inputBackground: string;
  inputBorder: string;
  borderRadius: string;
  tabBackground: string;
};

type Rgb = { r: number; g: number; b: number; a: number };

/** rgb()/rgba() as the browser computes them, or #rgb/#rrggbb. */
export function parseColor(value: string): Rgb | null {
  const text = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(text);
  if (hex) {
    const h = hex[1]!.length === 3 ? [...hex[1]!].map((c) => c + c).join('') : hex[1]!;
    return {
      r: parseInt(h.slice(0, 2), 16),
      g: parseInt(h.slice(2, 4), 16),
      b: parseInt(h.slice(4, 6), 16),
      a: 1,
    };
  }
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$/.exec(
    text,
  );
  if (!rgb) return null;
  const alpha = rgb[4] === undefined ? 1 : parseFloat(rgb[4]) / (rgb[4].endsWith('%') ? 100 : 1);
  return { r: Number(rgb[1]), g: Number(rgb[2]), b: Number(rgb[3]), a: alpha };
}

const toHex = ({ r, g, b }: Rgb) =>
  `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

function toHsl({ r, g, b }: Rgb) {
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const max = Math.max(rr, gg, bb);
  const min = Math.min(rr, gg, bb);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h =
    max === rr
      ? (gg - bb) / d + (gg < bb ? 6 : 0)
      : max === gg
        ? (bb - rr) / d + 2
        : (rr - gg) / d + 4;
  return { h: h / 6, s, l };
}

function fromHsl(h: number, s: number, l: number): Rgb {
  if (s === 0) return { r: l * 255, g: l * 255, b: l * 255, a: 1 };
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const x = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (x < 1 / 6) return p + (q - p) * 6 * x;
    if (x < 1 / 2) return q;
    if (x < 2 / 3) return p + (q - p) * (2 / 3 - x) * 6;
    return p;
  };
  return { r: channel(h + 1 / 3) * 255, g: channel(h) * 255, b: channel(h - 1 / 3) * 255, a: 1 };
}

/**
 * The tab hover colour: 7 percentage points of lightness darker on a light colour, lighter on
 * a dark one, so the hover always shows. Unreadable input comes back unchanged.
 */
export function hoverColor(color: string, percent = HOVER_ADJUST_PERCENT): string {
  const rgb = parseColor(color);
  if (!rgb) return color;
  const { h, s, l } = toHsl(rgb);
  const shift = percent / 100;
  const next = l > 0.5 ? Math.max(0, l - shift) : Math.min(1, l + shift);
  return toHex(fromHsl(h, s, next));
}

/** A colour the element can use: transparent or unreadable falls back. */
function solid(color: string, fallback: string): string {
  const rgb = parseColor(color);
  if (!rgb || rgb.a === 0) return fallback;
  return toHex(rgb);
}

export function buildAppearance(styles: ThemeStyles, options: { oneClick: boolean }): Appearance {
  const base = parseFloat(styles.fontSize);
  const size = Number.isFinite(base) && base > 0 ? base : 16;
  const background = solid(styles.backgroundColor, DEFAULT_BACKGROUND);
  const text = solid(styles.textColor, '#1d2421');
  const tab = solid(styles.tabBackground, background);
  return {
    theme: 'stripe',
    variables: {
      fontFamily: styles.fontFamily,
      fontSizeBase: `${size + (options.oneClick ? ONE_CLICK_FONT_BOOST_PX : 0)}px`,
      colorText: text,
      colorBackground: background,
      colorPrimary: solid(styles.primaryColor, text),
      borderRadius: styles.borderRadius || '4px',
    },
    rules: {
      '.Input': {
        backgroundColor: solid(styles.inputBackground, background),
        border: `1px solid ${solid(styles.inputBorder, '#8c959f')}`,
      },
      '.Label': { color: text },
      '.Tab': { backgroundColor: tab },
      '.Tab:hover': { backgroundColor: hoverColor(tab) },
    },
  };
}

/** The theme's font stylesheets on the known font hosts, for the Elements `fonts` option. */
export function themeFonts(hrefs: readonly string[]): CssFontSource[] {
  const fonts: CssFontSource[] = [];
  for (const href of hrefs) {
    try {
      const url = new URL(href);
      if (url.protocol === 'https:' && (FONT_HOSTS as readonly string[]).includes(url.hostname)) {
        fonts.push({ cssSrc: url.href });
      }
    } catch {
      // Not a URL: not a font host.
    }
  }
  return fonts;
}

/** Reads the theme from the form the element sits in. Browser only. */
export function readThemeStyles(form: HTMLElement): ThemeStyles {
  const style = (el: Element | null) => (el ? getComputedStyle(el) : null);
  const page = style(document.body)!;
  const input = style(form.querySelector('input.input-text'));
  const label = style(form.querySelector('label'));
  const button = style(form.querySelector('button[type="submit"], .button'));
  const tab = style(form.querySelector('.payment_methods li, .wc_payment_method'));
  return {
    fontFamily: page.fontFamily,
    fontSize: page.fontSize,
    textColor: label?.color ?? page.color,
    backgroundColor: page.backgroundColor,
    primaryColor: button?.backgroundColor ?? page.color,
    inputBackground: input?.backgroundColor ?? page.backgroundColor,
    inputBorder: input?.borderTopColor ?? page.color,
    borderRadius: input?.borderTopLeftRadius ?? '4px',
    tabBackground: tab?.backgroundColor ?? page.backgroundColor,
  };
}

/**
 * A short fingerprint of the page's stylesheets: their paths carry the build's content hashes,
 * so a changed stylesheet gives another fingerprint (FNV-1a, 32 bits, hex). The order and the
 * origin do not count, so the same build behind another address matches.
 */
export function stylesheetFingerprint(hrefs: readonly string[]): string {
  const paths = hrefs
    .map((href) => {
      try {
        const url = new URL(href, 'http://localhost');
        return `${url.pathname}${url.search}`;
      } catch {
        return href;
      }
    })
    .sort();
  let hash = 0x811c9dc5;
  for (const char of paths.join('\n')) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * What a saved appearance depends on: the theme, the one-click layout (it changes the font
 * size) and the stylesheets it was read from. A saved appearance with another key is stale.
 */
export function appearanceKey(parts: {
  themeName: string;
  oneClick: boolean;
  stylesheets: string;
}): string {
  return `${parts.themeName}:oc${parts.oneClick ? 1 : 0}:${parts.stylesheets}`;
}

/** The key of the appearance this page would compute. Browser only. */
export function pageAppearanceKey(oneClick: boolean): string {
  return appearanceKey({
    themeName: THEME_NAME,
    oneClick,
    stylesheets: stylesheetFingerprint(pageFontLinks()),
  });
}

export function pageFontLinks(): string[] {
  return [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][href]')].map(
    (l) => l.href,
  );
}

let saving: Promise<unknown> | null = null;

/** Tests start each case with no save behind them. */
export function forgetAppearanceSave(): void {
  saving = null;
}

/**
 * Keeps the computed appearance on the server for the next page (save_appearance) under the
 * key it depends on; one save at a time: while one runs or after one succeeded, further calls
 * on the page do nothing.
 */
export function saveAppearanceOnce(
  appearance: Appearance,
  key: string,
  nonce: string,
  t: Translate,
  blocks = false,
): Promise<unknown> | null {
  if (saving) return null;
  saving = stripeAjax(
    'save_appearance',
    {
      appearance: JSON.stringify(appearance),
      is_block_checkout: blocks ? '1' : '0',
      theme_name: THEME_NAME,
      appearance_key: key,
    },
    nonce,
    t,
  ).then((answer) => {
    if (!answer.ok) saving = null;
    return answer;
  });
  return saving;
}
