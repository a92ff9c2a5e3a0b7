import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ThemeStyles,
  buildAppearance,
  forgetAppearanceSave,
  hoverColor,
  parseColor,
  saveAppearanceOnce,
  stylesheetFingerprint,
  appearanceKey,
  themeFonts,
} from './appearance.ts';

const THEME: ThemeStyles = {
  fontFamily: '"Source Sans 3", system-ui, sans-serif',
  fontSize: '16px',
  textColor: 'rgb(29, 36, 33)',
  backgroundColor: 'rgba(0, 0, 0, 0)',
  primaryColor: 'rgb(31, 59, 45)',
  inputBackground: 'rgb(255, 255, 255)',
  inputBorder: 'rgb(140, 149, 159)',
  borderRadius: '6px',
  tabBackground: 'rgb(238, 244, 240)',
};

const lightness = (hex: string) => {
  const { r, g, b } = parseColor(hex)!;
  return (Math.max(r, g, b) + Math.min(r, g, b)) / 2 / 255;
};

describe('tab hover colour (spec section 9)', () => {
  it('darkens a light colour by 7 percentage points of lightness', () => {
    expect(hoverColor('#ffffff')).toBe('#ededed');
    expect(lightness(hoverColor('rgb(238, 244, 240)'))).toBeCloseTo(lightness('#eef4f0') - 0.07, 2);
  });

  it('lightens a dark colour by 7 points', () => {
    expect(hoverColor('#000000')).toBe('#121212');
    expect(lightness(hoverColor('#1f3b2d'))).toBeCloseTo(lightness('#1f3b2d') + 0.07, 2);
  });

  it('keeps the hue of a coloured tab', () => {
    const { r, g, b } = parseColor(hoverColor('#1f3b2d'))!;
    expect(g).toBeGreaterThan(r);
    expect(g).toBeGreaterThan(b);
  });

  it('leaves what it cannot read alone', () => {
    expect(hoverColor('var(--x)')).toBe('var(--x)');
  });
});

describe('the appearance from the theme', () => {
  it('keeps the theme font and adds 2 px to the base size in the one-click layout only', () => {
    const plain = buildAppearance(THEME, { oneClick: false });
    const oneClick = buildAppearance(THEME, { oneClick: true });
    expect(plain.variables?.fontFamily).toBe(THEME.fontFamily);
    expect(plain.variables?.fontSizeBase).toBe('16px');
    expect(oneClick.variables?.fontSizeBase).toBe('18px');
    expect(
      buildAppearance({ ...THEME, fontSize: '15.5px' }, { oneClick: true }).variables,
    ).toMatchObject({ fontSizeBase: '17.5px' });
  });

  it('falls back to a white background when the page has none', () => {
    expect(buildAppearance(THEME, { oneClick: false }).variables?.colorBackground).toBe('#ffffff');
    expect(
      buildAppearance({ ...THEME, backgroundColor: 'rgb(250, 250, 247)' }, { oneClick: false })
        .variables?.colorBackground,
    ).toBe('#fafaf7');
  });

  it('gives the tab hover its adjusted colour', () => {
    const rules = buildAppearance(THEME, { oneClick: false }).rules!;
    expect(rules['.Tab']).toEqual({ backgroundColor: '#eef4f0' });
    expect(rules['.Tab:hover']).toEqual({ backgroundColor: hoverColor('#eef4f0') });
  });
});

describe('theme fonts', () => {
  it('hands on stylesheets of the four font hosts only, over https', () => {
    expect(
      themeFonts([
        'https://fonts.googleapis.com/css2?family=Inter',
        'https://fonts.bunny.net/css?family=lato',
        'https://use.typekit.net/abc.css',
        'https://fast.fonts.net/cssapi/x.css',
        'http://fonts.googleapis.com/css2?family=Plain',
        'https://evil.example/fonts.css',
        '/assets/index.css',
        'not a url',
      ]),
    ).toEqual([
      { cssSrc: 'https://fonts.googleapis.com/css2?family=Inter' },
      { cssSrc: 'https://fonts.bunny.net/css?family=lato' },
      { cssSrc: 'https://use.typekit.net/abc.css' },
      { cssSrc: 'https://fast.fonts.net/cssapi/x.css' },
    ]);
  });
});

const KEY = 'ladenzeile:oc0:0123abcd';

describe('saving the appearance', () => {
  const t = ((key: string) => key) as Parameters<typeof saveAppearanceOnce>[3];
  let release: () => void;
  let calls: string[];

  beforeEach(() => {
    forgetAppearanceSave();
    calls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        calls.push(String(init.body));
        await new Promise<void>((resolve) => (release = resolve));
        return new Response(JSON.stringify({ success: true, data: null }), {
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends one save at a time, and none after one succeeded', async () => {
    const appearance = buildAppearance(THEME, { oneClick: false });
    const first = saveAppearanceOnce(appearance, KEY, 'n1', t);
    expect(first).not.toBeNull();
    expect(saveAppearanceOnce(appearance, KEY, 'n1', t)).toBeNull();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    release();
    await first;
    expect(saveAppearanceOnce(appearance, KEY, 'n1', t)).toBeNull();
    const body = new URLSearchParams(calls[0]);
    expect(JSON.parse(body.get('appearance')!)).toEqual(appearance);
    expect(body.get('is_block_checkout')).toBe('0');
    expect(body.get('theme_name')).toBe('ladenzeile');
    expect(body.get('_ajax_nonce')).toBe('n1');
    expect(body.get('appearance_key')).toBe(KEY);
  });

  it('tries again after a failed save', async () => {
    const appearance = buildAppearance(THEME, { oneClick: false });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"success":false}', { status: 500 })),
    );
    await saveAppearanceOnce(appearance, KEY, 'n1', t);
    expect(saveAppearanceOnce(appearance, KEY, 'n1', t)).not.toBeNull();
  });
});

describe('the key a saved appearance is kept under', () => {
  const BUILD = [
    'http://127.0.0.1:4100/assets/root-Ab12Cd34.css',
    'http://127.0.0.1:4100/assets/checkout-Zz99Yy88.css',
  ];

  it('is the same for the same stylesheets, in any order and behind any address', () => {
    const here = stylesheetFingerprint(BUILD);
    expect(here).toMatch(/^[0-9a-f]{8}$/);
    expect(stylesheetFingerprint([...BUILD].reverse())).toBe(here);
    expect(
      stylesheetFingerprint(BUILD.map((h) => h.replace('127.0.0.1:4100', 'shop.example'))),
    ).toBe(here);
  });

  it('changes with a changed stylesheet, an added one, or a removed one', () => {
    const here = stylesheetFingerprint(BUILD);
    expect(stylesheetFingerprint([BUILD[0]!, BUILD[1]!.replace('Zz99', 'Qq11')])).not.toBe(here);
    expect(
      stylesheetFingerprint([...BUILD, 'https://fonts.googleapis.com/css2?family=Inter']),
    ).not.toBe(here);
    expect(stylesheetFingerprint([BUILD[0]!])).not.toBe(here);
  });

  it('names the theme, the one-click layout and the stylesheets', () => {
    const stylesheets = stylesheetFingerprint(BUILD);
    const classic = appearanceKey({ themeName: 'ladenzeile', oneClick: false, stylesheets });
    const oneClick = appearanceKey({ themeName: 'ladenzeile', oneClick: true, stylesheets });
    expect(classic).toBe(`ladenzeile:oc0:${stylesheets}`);
    expect(oneClick).toBe(`ladenzeile:oc1:${stylesheets}`);
    expect(appearanceKey({ themeName: 'other', oneClick: false, stylesheets })).not.toBe(classic);
  });
});
