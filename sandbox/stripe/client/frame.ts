/**
 * Runs inside the sandbox's own pages: the Payment Element's form (card, IBAN) and the
 * hosted next-action pages. Card numbers and IBANs stay here: they go to the sandbox API
 * directly and only the created payment method's id and public fields reach the shop page.
 */
import type { FrameEvent, FrameReply, FrameRequest, SandboxErrorShape } from './protocol.ts';

const ORIGIN = window.location.origin;
const inFrame = window.parent !== window;

type WithoutSource<T> = T extends unknown ? Omit<T, 'source'> : never;

function post(message: WithoutSource<FrameEvent | FrameReply>) {
  if (inFrame) window.parent.postMessage({ ...message, source: 'stripe-sandbox-frame' }, ORIGIN);
}

// Hosted pages in the dialog: tell Stripe.js the step is done.
const done = document.querySelector<HTMLElement>('[data-sandbox-done]');
if (done) post({ type: 'action-done', status: done.dataset.sandboxDone ?? '' });

// A hosted step in the dialog tells its height, so the dialog fits it.
const hosted = document.querySelector<HTMLElement>('main.page');
if (hosted && !done) {
  // The content's own height: the document's never drops below the frame's current one.
  new ResizeObserver(() =>
    post({ type: 'resize', height: Math.ceil(hosted.getBoundingClientRect().bottom) + 8 }),
  ).observe(hosted);
}

const form = document.querySelector<HTMLFormElement>('#sandbox-payment');
if (form) paymentForm(form);

function paymentForm(form: HTMLFormElement) {
  const text = (name: string) => form.dataset[name] ?? '';
  const input = (id: string) => form.querySelector<HTMLInputElement>(`#${id}`);

  const selected = () =>
    form.querySelector<HTMLInputElement>('input[name="method"]:checked')?.value ??
    form.querySelector<HTMLInputElement>('input[name="method"]')?.value ??
    'card';

  const showPanel = () => {
    const type = selected();
    for (const panel of form.querySelectorAll<HTMLElement>('[data-panel]')) {
      panel.hidden = panel.dataset.panel !== type;
    }
  };

  const digits = (value: string) => value.replace(/\D/g, '');

  function luhn(number: string) {
    let sum = 0;
    for (let i = 0; i < number.length; i++) {
      let d = Number(number[number.length - 1 - i]);
      if (i % 2 === 1) {
        d *= 2;
        if (d > 9) d -= 9;
      }
      sum += d;
    }
    return number.length >= 12 && sum % 10 === 0;
  }

  function expiry(): { month: number; year: number } | null {
    const raw = digits(input('exp-date')?.value ?? '');
    if (raw.length !== 4 && raw.length !== 6) return null;
    const month = Number(raw.slice(0, 2));
    const year = raw.length === 4 ? 2000 + Number(raw.slice(2)) : Number(raw.slice(2));
    const now = new Date();
    if (month < 1 || month > 12) return null;
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) {
      return null;
    }
    return { month, year };
  }

  function ibanValid(raw: string) {
    const iban = raw.replace(/\s+/g, '').toUpperCase();
    if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
    const moved = iban.slice(4) + iban.slice(0, 4);
    let rest = 0;
    for (const ch of moved.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55))) {
      rest = (rest * 10 + Number(ch)) % 97;
    }
    return rest === 1;
  }

  /** Field errors of the selected method: [field id, message]. */
  function problems(): [string, string][] {
    const type = selected();
    const found: [string, string][] = [];
    if (type === 'card') {
      if (!luhn(digits(input('cardnumber')!.value)))
        found.push(['cardnumber', text('errorCardNumber')]);
      if (!expiry()) found.push(['exp-date', text('errorExpiry')]);
      if (!/^\d{3,4}$/.test(input('cvc')!.value.trim())) found.push(['cvc', text('errorCvc')]);
    } else if (type === 'sepa_debit') {
      if (!input('holder')!.value.trim()) found.push(['holder', text('errorHolder')]);
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input('email')!.value.trim())) {
        found.push(['email', text('errorEmail')]);
      }
      if (!ibanValid(input('iban')!.value)) found.push(['iban', text('errorIban')]);
    }
    return found;
  }

  function showProblems(found: [string, string][]) {
    for (const field of form.querySelectorAll<HTMLInputElement>('[data-panel] input')) {
      const problem = found.find(([id]) => id === field.id);
      field.setAttribute('aria-invalid', problem ? 'true' : 'false');
      const message = form.querySelector(`#${field.id}-error`);
      if (message) message.textContent = problem?.[1] ?? '';
    }
    if (found[0]) input(found[0][0])?.focus();
  }

  function isEmpty() {
    const panel = form.querySelector<HTMLElement>(`[data-panel="${selected()}"]`);
    return [...(panel?.querySelectorAll('input') ?? [])].every((i) => i.value.trim() === '');
  }

  const change = () =>
    post({
      type: 'change',
      complete: problems().length === 0,
      empty: isEmpty(),
      value: { type: selected() },
    });

  // Grouped card number and MM / YY while typing.
  input('cardnumber')?.addEventListener('input', (event) => {
    const field = event.target as HTMLInputElement;
    field.value = digits(field.value)
      .slice(0, 19)
      .replace(/(\d{4})(?=\d)/g, '$1 ');
  });
  input('exp-date')?.addEventListener('input', (event) => {
    const field = event.target as HTMLInputElement;
    const d = digits(field.value).slice(0, 4);
    field.value = d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
  });

  form.addEventListener('input', change);
  form.addEventListener('change', (event) => {
    if ((event.target as HTMLInputElement).name === 'method') {
      showPanel();
      showProblems([]);
    }
    change();
  });
  form.addEventListener('focusin', () => post({ type: 'focus' }));
  form.addEventListener('focusout', () => post({ type: 'blur' }));
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') post({ type: 'escape' });
  });
  form.addEventListener('submit', (event) => event.preventDefault());

  async function create(
    key: string,
    billingDetails: Record<string, unknown>,
  ): Promise<Omit<FrameReply, 'source' | 'requestId'>> {
    const found = problems();
    if (found.length) {
      showProblems(found);
      return { error: { type: 'validation_error', message: found[0]![1] } };
    }
    const type = selected();
    const params = new URLSearchParams({ type });
    const billing: Record<string, unknown> = { ...billingDetails };
    if (type === 'card') {
      const exp = expiry()!;
      params.set('card[number]', digits(input('cardnumber')!.value));
      params.set('card[exp_month]', String(exp.month));
      params.set('card[exp_year]', String(exp.year));
      params.set('card[cvc]', input('cvc')!.value.trim());
    } else if (type === 'sepa_debit') {
      params.set('sepa_debit[iban]', input('iban')!.value);
      billing.name ??= input('holder')!.value.trim();
      billing.email ??= input('email')!.value.trim();
    }
    appendBilling(params, billing);
    const response = await fetch('/v1/payment_methods', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: params.toString(),
      credentials: 'omit',
    });
    const body = (await response.json()) as {
      id: string;
      type: string;
      billing_details: unknown;
      card?: Record<string, unknown>;
      sepa_debit?: { last4: string; country: string };
      error?: SandboxErrorShape;
    };
    if (!response.ok) return { error: body.error };
    const card = body.card;
    return {
      paymentMethod: {
        id: body.id,
        object: 'payment_method',
        type: body.type,
        billing_details: body.billing_details,
        ...(card
          ? {
              card: {
                brand: card.brand,
                last4: card.last4,
                exp_month: card.exp_month,
                exp_year: card.exp_year,
              },
            }
          : {}),
        ...(body.sepa_debit
          ? { sepa_debit: { last4: body.sepa_debit.last4, country: body.sepa_debit.country } }
          : {}),
      },
    };
  }

  window.addEventListener('message', async (event: MessageEvent) => {
    if (event.origin !== ORIGIN || event.source !== window.parent) return;
    const data = event.data as FrameRequest & { requestId: number; source: string };
    if (!data || data.source !== 'stripe-sandbox-parent') return;
    const reply = (message: Omit<FrameReply, 'source' | 'requestId'>) =>
      post({ ...message, requestId: data.requestId });
    if (data.type === 'validate') {
      const found = problems();
      showProblems(found);
      reply(
        found.length
          ? { error: { type: 'validation_error', message: found[0]![1] } }
          : { methodType: selected() },
      );
    } else if (data.type === 'focus') {
      form.querySelector<HTMLInputElement>('[data-panel]:not([hidden]) input, input')?.focus();
      reply({});
    } else if (data.type === 'clear') {
      for (const field of form.querySelectorAll<HTMLInputElement>('[data-panel] input'))
        field.value = '';
      showProblems([]);
      change();
      reply({});
    } else if (data.type === 'create') {
      try {
        reply(await create(String(data.key), data.billingDetails ?? {}));
      } catch {
        reply({
          error: {
            type: 'api_connection_error',
            message: 'An error occurred while connecting to the server. Please try again.',
          },
        });
      }
    }
  });

  showPanel();
  new ResizeObserver(() =>
    post({ type: 'resize', height: document.documentElement.scrollHeight }),
  ).observe(document.body);
  post({ type: 'ready' });
  change();
}

function appendBilling(params: URLSearchParams, billing: Record<string, unknown>) {
  for (const [key, value] of Object.entries(billing)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'address' && typeof value === 'object') {
      for (const [part, v] of Object.entries(value as Record<string, unknown>)) {
        if (typeof v === 'string' && v) params.set(`billing_details[address][${part}]`, v);
      }
    } else if (typeof value === 'string') {
      params.set(`billing_details[${key}]`, value);
    }
  }
}
