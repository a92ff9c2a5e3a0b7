import { describe, expect, it } from 'vitest';
import {
  MAX_ATTRIBUTION_LENGTH,
  PROMO_CODE_MAX,
  PROMO_CODE_MIN,
  TRACKING_COOKIES as C,
  TRACKING_LIFETIME_SECONDS,
  TRACKING_SESSION_SECONDS,
  attributionFromCookies,
  attributionFromForm,
  cleanAttribution,
  parseTrackingValue,
  trackVisit,
} from './attribution.rules.ts';

const visit = (
  url: string,
  referrer = '',
  now = new Date('2026-03-01T10:00:00Z'),
  random = 0.5,
) => ({
  url,
  referrer,
  userAgent: 'Mozilla/5.0 Test',
  now,
  random,
});

function apply(cookies: Record<string, string>, writes: ReturnType<typeof trackVisit>) {
  const next = { ...cookies };
  for (const w of writes) {
    if (w.maxAge === 0) delete next[w.name];
    else next[w.name] = w.value;
  }
  return next;
}

describe('tracking cookies', () => {
  it('sets all eight cookies on a first visit from a campaign, with the spec lifetimes', () => {
    const writes = trackVisit(
      {},
      visit('https://shop.example/shop?utm_source=newsletter&utm_medium=email&utm_campaign=spring'),
    );
    const names = writes.map((w) => w.name).sort();
    expect(names).toEqual(Object.values(C).sort());
    const life = Object.fromEntries(writes.map((w) => [w.name, w.maxAge]));
    expect(life[C.session]).toBe(30 * 60);
    expect(TRACKING_SESSION_SECONDS).toBe(1800);
    expect(life[C.current]).toBe(6 * 30 * 86_400);
    expect(TRACKING_LIFETIME_SECONDS).toBe(15_552_000);
    const cookies = apply({}, writes);
    expect(parseTrackingValue(cookies[C.current])).toMatchObject({
      typ: 'utm',
      src: 'newsletter',
      mdm: 'email',
      cmp: 'spring',
    });
    expect(cookies[C.first]).toBe(cookies[C.current]);
    const attribution = attributionFromCookies(cookies);
    expect(attribution).toMatchObject({
      source_type: 'utm',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring',
      session_entry: 'https://shop.example/shop',
      session_pages: '1',
      session_count: '1',
      user_agent: 'Mozilla/5.0 Test',
    });
    expect(attribution.session_start_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(attribution.utm_term).toBeUndefined();
  });

  it('keeps the first source, counts pages, and takes a new campaign as the current one', () => {
    let cookies = apply(
      {},
      trackVisit({}, visit('https://shop.example/', 'https://www.google.com/')),
    );
    expect(parseTrackingValue(cookies[C.current]).typ).toBe('organic');
    cookies = apply(
      cookies,
      trackVisit(cookies, visit('https://shop.example/shop', 'https://shop.example/')),
    );
    expect(parseTrackingValue(cookies[C.session]).pgs).toBe('2');
    expect(parseTrackingValue(cookies[C.current]).typ).toBe('organic');
    cookies = apply(cookies, trackVisit(cookies, visit('https://shop.example/?utm_source=ads')));
    expect(parseTrackingValue(cookies[C.current]).src).toBe('ads');
    expect(parseTrackingValue(cookies[C.first]).typ).toBe('organic');
  });

  it('counts a visit after the session cookie expired as a new session', () => {
    let cookies = apply({}, trackVisit({}, visit('https://shop.example/')));
    delete cookies[C.session];
    cookies = apply(
      cookies,
      trackVisit(cookies, visit('https://shop.example/', 'https://blog.example/')),
    );
    expect(parseTrackingValue(cookies[C.userData]).vst).toBe('2');
    expect(parseTrackingValue(cookies[C.current])).toMatchObject({
      typ: 'referral',
      src: 'blog.example',
    });
  });

  it('draws the promo code from 100000 to 999999', () => {
    for (const random of [0, 0.5, 0.9999999, 1]) {
      const promo = trackVisit({}, visit('https://shop.example/', '', undefined, random)).find(
        (w) => w.name === C.promo,
      )!;
      const code = Number(parseTrackingValue(promo.value).code);
      expect(code).toBeGreaterThanOrEqual(PROMO_CODE_MIN);
      expect(code).toBeLessThanOrEqual(PROMO_CODE_MAX);
    }
  });

  it('strips markup and control characters from utm values and caps their length', () => {
    const payload = encodeURIComponent('<script>alert(1)</script>"\'|||x=1');
    const cookies = apply(
      {},
      trackVisit(
        {},
        visit(`https://shop.example/?utm_source=${payload}&utm_campaign=${'a'.repeat(5000)}`),
      ),
    );
    const attribution = attributionFromCookies(cookies);
    expect(attribution.utm_source).not.toMatch(/[<>]/);
    expect(attribution.utm_campaign!.length).toBe(MAX_ATTRIBUTION_LENGTH);
  });
});

describe('attribution from requests', () => {
  it('keeps only known fields as clean capped strings', () => {
    const clean = cleanAttribution({
      source_type: 'utm',
      utm_source: ['array'],
      utm_medium: 42,
      referrer: `<img src=x onerror=alert(1)>\u0000${'r'.repeat(300)}`,
      unknown_field: 'x',
    });
    expect(Object.keys(clean).sort()).toEqual(['referrer', 'source_type']);
    expect(clean.referrer).not.toMatch(/[<>]/);
    expect(clean.referrer).not.toContain(String.fromCharCode(0));
    expect(Array.from(clean.referrer!).length).toBe(MAX_ATTRIBUTION_LENGTH);
  });

  it('reads the form fields under the configured prefix only', () => {
    expect(
      attributionFromForm(
        { my_src_source_type: 'typein', wc_order_attribution_utm_source: 'other' },
        'my_src_',
      ),
    ).toEqual({ source_type: 'typein' });
  });

  it('gives nothing without tracking cookies', () => {
    expect(attributionFromCookies({})).toEqual({});
  });
});
