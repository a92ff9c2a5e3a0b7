import { createHash } from 'node:crypto';
import type Stripe from 'stripe';
import { formatMoney } from '#app/domain/pricing/money.ts';
import { readCookie } from '#app/lib/cookies.ts';
import { LANG_COOKIE, serverTranslator } from '#app/lib/i18n.server.ts';
import { type Locale, isLocale } from '#app/lib/locale.ts';
import { type Translate, formatDate } from '#app/lib/i18n.ts';
import {
  DELAYED_TYPES,
  QR_TYPES,
  REDIRECT_TYPES,
  SUPPORTED_TYPES,
  VOUCHER_TYPES,
} from '#sandbox/stripe/domain/test-data.ts';

export type HostedPage = 'three_d_secure' | 'authorize' | 'voucher' | 'qr' | 'blik';

type PageInput =
  | { kind: 'frame'; locale: Locale; url: URL }
  | { kind: 'gone'; locale: Locale; url: URL }
  | {
      kind: HostedPage;
      locale: Locale;
      url: URL;
      intent: Stripe.PaymentIntent | Stripe.SetupIntent;
      /** The type of the payment method being confirmed, when known. */
      methodType?: string | null;
    }
  | {
      kind: 'done';
      locale: Locale;
      url: URL;
      intent: Stripe.PaymentIntent | Stripe.SetupIntent;
      status: string;
    };

/** Names of payment methods are brand names, the same in every language. */
const BRAND_NAMES: Record<string, string> = {
  blik: 'BLIK',
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  eps: 'EPS',
  giropay: 'giropay',
  sofort: 'Sofort',
  p24: 'Przelewy24',
  klarna: 'Klarna',
  affirm: 'Affirm',
  afterpay_clearpay: 'Afterpay',
  alipay: 'Alipay',
  boleto: 'Boleto',
  oxxo: 'OXXO',
  multibanco: 'Multibanco',
  wechat_pay: 'WeChat Pay',
  cashapp: 'Cash App Pay',
  au_becs_debit: 'BECS Direct Debit',
  acss_debit: 'ACSS Debit',
  bacs_debit: 'Bacs Direct Debit',
};

export function methodName(type: string, t: Translate): string {
  if (type === 'card') return t('sandbox.type_card');
  if (type === 'sepa_debit') return t('sandbox.type_sepa_debit');
  if (type === 'us_bank_account') return t('sandbox.type_us_bank_account');
  return BRAND_NAMES[type] ?? type;
}

/** The page's language: the Payment Element's `locale`, else the shop's language cookie. */
export function sandboxLocale(url: URL, cookie: string | undefined, fallback: Locale): Locale {
  const asked = url.searchParams.get('locale')?.slice(0, 2);
  if (isLocale(asked)) return asked;
  const chosen = readCookie(cookie, LANG_COOKIE);
  return isLocale(chosen) ? chosen : fallback;
}

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#fff}
.page{max-width:30rem;margin:2rem auto;padding:1.5rem;border:1px solid #d0d7de;border-radius:8px}
.frame{padding:2px}
.page.framed{margin:0 auto;border:0;padding:1.5rem 1.5rem .5rem}
@media (max-width:34rem){.page{margin:1rem}}
h1{font-size:1.25rem;margin:0 0 .75rem}
p{margin:0 0 .75rem}
.badge{display:inline-block;font-size:.75rem;font-weight:600;padding:.1rem .5rem;border-radius:999px;background:#fff4d6;color:#5c4400;border:1px solid #d4a72c;margin-bottom:.75rem}
label{display:block;font-weight:600;font-size:.9rem;margin:.5rem 0 .25rem}
input[type=text],input[type=email],input[inputmode]{width:100%;font:inherit;padding:.55rem .65rem;border:1px solid #8c959f;border-radius:6px;background:#fff;color:#1f2328}
input:focus-visible,button:focus-visible{outline:3px solid #0969da;outline-offset:1px}
input[aria-invalid=true]{border-color:#cf222e}
.error{color:#a40e26;font-size:.875rem;margin:.25rem 0 0;min-height:0}
.row{display:flex;gap:.75rem}.row>div{flex:1}
fieldset{border:0;padding:0;margin:0 0 .5rem}
legend{font-weight:600;font-size:.9rem;margin-bottom:.25rem}
.methods{display:flex;flex-wrap:wrap;gap:.5rem}
.methods label{display:flex;align-items:center;gap:.4rem;font-weight:500;margin:0;padding:.45rem .7rem;border:1px solid #8c959f;border-radius:6px;cursor:pointer}
.methods input{margin:0}
.hint,.note{font-size:.875rem;color:#57606a}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1rem}
button{font:inherit;font-weight:600;padding:.6rem 1.1rem;border-radius:6px;border:1px solid #1f2328;background:#1f2328;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#a40e26;border-color:#a40e26}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0 0 .75rem}
dt{font-weight:600}dd{margin:0;font-family:ui-monospace,monospace}
img.qr{display:block;width:12rem;height:12rem;margin:.5rem 0}
[hidden]{display:none!important}
`;

function documentOf(locale: Locale, title: string, body: string, bodyClass = 'page'): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main class="${bodyClass}">${body}</main><script src="/__sandbox/stripe/frame.js"></script></body></html>`;
}

export function renderHostedPage(input: PageInput): string {
  const t = serverTranslator(input.locale);
  const badge = `<span class="badge">${escape(t('sandbox.badge'))}</span>`;
  if (input.kind === 'frame') return renderFrame(input.url, input.locale, t);
  if (input.kind === 'gone') {
    return documentOf(
      input.locale,
      t('sandbox.title'),
      `${badge}<p role="alert">${escape(t('sandbox.gone'))}</p>`,
    );
  }
  const intent = input.intent;
  if (input.kind === 'done') {
    return documentOf(
      input.locale,
      t('sandbox.title'),
      `${badge}<p role="status" data-sandbox-done="${escape(input.status)}" data-intent="${escape(intent.id)}">${escape(t('sandbox.done'))}</p>`,
    );
  }
  const amount =
    intent.object === 'payment_intent'
      ? `<p>${escape(t('sandbox.amount', { amount: formatMoney(intent.amount, intent.currency.toUpperCase(), input.locale) }))}</p>`
      : '';
  const action = escape(input.url.pathname + input.url.search);
  const buttons = (approve: string, fail: string) =>
    `<form method="post" action="${action}" class="actions"><button type="submit" name="outcome" value="approve">${escape(approve)}</button><button type="submit" name="outcome" value="fail" class="secondary">${escape(fail)}</button></form>`;
  let title: string;
  let body: string;
  const pmType = ('methodType' in input && input.methodType) || typeFromAction(intent);
  switch (input.kind) {
    case 'three_d_secure':
      title = t('sandbox.three_ds_title');
      body = `<p>${escape(t('sandbox.three_ds_text'))}</p>${amount}${buttons(t('sandbox.complete'), t('sandbox.fail'))}`;
      break;
    case 'authorize':
      title = t('sandbox.authorize_title');
      body = `<p>${escape(t('sandbox.authorize_text', { method: methodName(pmType, t) }))}</p>${amount}${buttons(t('sandbox.authorize'), t('sandbox.decline'))}`;
      break;
    case 'voucher': {
      title = `${t('sandbox.voucher_title')}: ${methodName(pmType, t)}`;
      const details = voucherDetails(intent);
      body = `${amount}<dl><dt>${escape(t('sandbox.voucher_reference'))}</dt><dd>${escape(details.reference)}</dd><dt>${escape(t('sandbox.voucher_expires'))}</dt><dd>${escape(formatDate(new Date(details.expires * 1000), input.locale))}</dd></dl><form method="post" action="${action}" class="actions"><button type="submit" name="outcome" value="approve">${escape(t('sandbox.voucher_pay'))}</button></form>`;
      break;
    }
    case 'qr':
      title = `${t('sandbox.qr_title')}: ${methodName(pmType, t)}`;
      body = `${amount}<img class="qr" src="/__sandbox/stripe/qr/${escape(intent.id)}.svg" alt="${escape(t('sandbox.qr_alt'))}" width="192" height="192">${buttons(t('sandbox.authorize'), t('sandbox.decline'))}`;
      break;
    case 'blik':
      title = t('sandbox.blik_title');
      body = `${amount}${buttons(t('sandbox.blik_approve'), t('sandbox.decline'))}`;
      break;
  }
  // In the dialog (frame=1) the dialog is the card: no second border around the step.
  const framed = input.url.searchParams.get('frame') === '1';
  return documentOf(
    input.locale,
    title,
    `${badge}<h1>${escape(title)}</h1>${body}`,
    framed ? 'page framed' : 'page',
  );
}

function typeFromAction(intent: Stripe.PaymentIntent | Stripe.SetupIntent): string {
  const next = intent.next_action;
  if (!next) return 'card';
  if (next.type === 'wechat_pay_display_qr_code') return 'wechat_pay';
  if (next.type === 'cashapp_handle_redirect_or_display_qr_code') return 'cashapp';
  if (next.type.endsWith('_display_details')) return next.type.replace('_display_details', '');
  if (next.type === 'blik_authorize') return 'blik';
  const url = next.redirect_to_url?.url ?? '';
  return url.includes('/authorize/') ? (intent.payment_method_types[0] ?? 'card') : 'card';
}

function voucherDetails(intent: Stripe.PaymentIntent | Stripe.SetupIntent) {
  const next = (intent.next_action ?? {}) as Stripe.PaymentIntent.NextAction;
  const boleto = next.boleto_display_details;
  const oxxo = next.oxxo_display_details;
  const multibanco = next.multibanco_display_details;
  if (boleto) return { reference: boleto.number ?? '', expires: boleto.expires_at ?? 0 };
  if (oxxo) return { reference: oxxo.number ?? '', expires: oxxo.expires_after ?? 0 };
  if (multibanco) {
    return {
      reference: `${multibanco.entity ?? ''} ${multibanco.reference ?? ''}`,
      expires: multibanco.expires_at ?? 0,
    };
  }
  return { reference: '', expires: 0 };
}

/** The Payment Element's form: card or IBAN fields, or a note for methods without fields. */
function renderFrame(url: URL, locale: Locale, t: Translate): string {
  const asked = (url.searchParams.get('types') ?? 'card').split(',').slice(0, 30);
  const types = asked.filter((x) => (SUPPORTED_TYPES as readonly string[]).includes(x));
  if (types.length === 0) types.push('card');
  const field = (id: string, label: string, attrs: string) =>
    `<div><label for="${id}">${escape(label)}</label><input id="${id}" name="${id}" type="text" ${attrs} aria-describedby="${id}-error"><p class="error" id="${id}-error" aria-live="polite"></p></div>`;
  const panels = types
    .map((type) => {
      let inner: string;
      if (type === 'card') {
        inner = `${field('cardnumber', t('sandbox.card_number'), 'inputmode="numeric" autocomplete="cc-number" maxlength="23" spellcheck="false"')}<div class="row">${field('exp-date', t('sandbox.card_expiry'), 'inputmode="numeric" autocomplete="cc-exp" maxlength="7"')}${field('cvc', t('sandbox.card_cvc'), 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"')}</div><p class="hint">${escape(t('sandbox.test_hint'))}</p>`;
      } else if (type === 'sepa_debit') {
        inner = `${field('holder', t('sandbox.account_holder'), 'autocomplete="name" maxlength="200"')}${field('email', t('sandbox.email'), 'autocomplete="email" maxlength="200"').replace('type="text"', 'type="email"')}${field('iban', t('sandbox.iban'), 'autocomplete="off" maxlength="42" spellcheck="false"')}<p class="note">${escape(t('sandbox.sepa_mandate'))}</p>`;
      } else if (type === 'blik') {
        // As Stripe's element: the code is the merchant's own field, passed with the confirm.
        inner = `<p class="note">${escape(t('sandbox.blik_note'))}</p>`;
      } else {
        const note = (REDIRECT_TYPES as readonly string[]).includes(type)
          ? t('sandbox.redirect_note')
          : (VOUCHER_TYPES as readonly string[]).includes(type)
            ? t('sandbox.voucher_note')
            : (QR_TYPES as readonly string[]).includes(type)
              ? t('sandbox.qr_note')
              : (DELAYED_TYPES as readonly string[]).includes(type)
                ? t('sandbox.redirect_note')
                : '';
        inner = `<p class="note">${escape(note)}</p>`;
      }
      return `<div data-panel="${type}" hidden>${inner}</div>`;
    })
    .join('');
  const chooser =
    types.length > 1
      ? `<fieldset><legend>${escape(t('sandbox.method'))}</legend><div class="methods">${types
          .map(
            (type, i) =>
              `<label><input type="radio" name="method" value="${type}"${i === 0 ? ' checked' : ''}>${escape(methodName(type, t))}</label>`,
          )
          .join('')}</div></fieldset>`
      : `<input type="hidden" name="method" value="${types[0]}">`;
  const messages = [
    'error_card_number',
    'error_expiry',
    'error_cvc',
    'error_iban',
    'error_holder',
    'error_email',
  ]
    .map(
      (k) =>
        `data-${k.replace(/_/g, '-')}="${escape(t(`sandbox.${k}` as Parameters<Translate>[0]))}"`,
    )
    .join(' ');
  return documentOf(
    locale,
    t('sandbox.title'),
    `<form id="sandbox-payment" novalidate ${messages}>${chooser}${panels}</form>`,
    'frame',
  );
}

/** A QR-like picture for the QR step (the sandbox's codes are scanned by no app). */
export function renderQrSvg(id: string): string {
  const size = 25;
  const bits = createHash('sha256').update(id).digest();
  const cells: string[] = [];
  const finder = (x: number, y: number) =>
    `<rect x="${x}" y="${y}" width="7" height="7"/><rect x="${x + 1}" y="${y + 1}" width="5" height="5" fill="#fff"/><rect x="${x + 2}" y="${y + 2}" width="3" height="3"/>`;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const inFinder = (x < 8 && y < 8) || (x >= size - 8 && y < 8) || (x < 8 && y >= size - 8);
      if (inFinder) continue;
      const i = y * size + x;
      if ((bits[i % 32]! >> (i % 8)) & 1)
        cells.push(`<rect x="${x}" y="${y}" width="1" height="1"/>`);
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 ${size + 4} ${size + 4}" shape-rendering="crispEdges"><rect x="-2" y="-2" width="${size + 4}" height="${size + 4}" fill="#fff"/>${finder(0, 0)}${finder(size - 7, 0)}${finder(0, size - 7)}${cells.join('')}</svg>`;
}
