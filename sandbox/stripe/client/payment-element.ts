/** The sandbox's Payment Element: its form lives in the sandbox's iframe, spoken to by messages. */
import type { ElementsGroup } from './elements.ts';
import type { FrameEvent, FrameReply, FrameRequest } from './protocol.ts';
import { BASE, type Handler, type Json, ORIGIN, invalid } from './shared.ts';

let elementCount = 0;

/** One Payment Element: the sandbox's form in an iframe, spoken to by messages. */
export class PaymentElement {
  readonly id = `sandbox-element-${++elementCount}`;
  private iframe: HTMLIFrameElement | null = null;
  private handlers = new Map<string, Set<Handler>>();
  private pending = new Map<number, (reply: FrameReply) => void>();
  private requestCount = 0;
  private ready: Promise<void> | null = null;
  private resolveReady: (() => void) | null = null;
  private listener = (event: MessageEvent) => this.receive(event);
  private answered = false;
  private failTimer: ReturnType<typeof setTimeout> | undefined;
  complete = false;
  type = 'card';

  constructor(
    private readonly group: ElementsGroup,
    public options: Json,
  ) {}

  mount(target: string | HTMLElement) {
    const host = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
    if (!host) throw new Error(`Stripe sandbox: no element matches ${String(target)}`);
    this.unmount();
    const iframe = document.createElement('iframe');
    iframe.title =
      this.group.locale === 'de' ? 'Sichere Eingabe der Zahlungsdaten' : 'Secure payment input';
    iframe.style.cssText = 'border:0;width:100%;display:block;min-height:120px;color-scheme:normal';
    iframe.setAttribute('allow', 'payment');
    this.ready = new Promise((resolve) => (this.resolveReady = resolve));
    this.answered = false;
    window.addEventListener('message', this.listener);
    iframe.addEventListener('load', () => this.loaded(iframe));
    iframe.src = this.frameUrl();
    host.appendChild(iframe);
    this.iframe = iframe;
    this.emit('loaderstart', { elementType: 'payment' });
  }

  private frameUrl() {
    const types = this.group.paymentMethodTypes();
    const query = new URLSearchParams({
      id: this.id,
      types: types.join(','),
      locale: this.group.locale,
    });
    return `${BASE}/frame?${query.toString()}`;
  }

  /**
   * As Stripe's element: a form that did not arrive (the frame's page or script blocked, the
   * connection gone) is a `loaderror`. The form says it is ready while its page loads, so a
   * frame that finished loading without it failed; an error page is not the sandbox's own.
   */
  private loaded(iframe: HTMLIFrameElement) {
    if (this.answered || iframe !== this.iframe) return;
    let own = false;
    try {
      own = iframe.contentDocument?.querySelector('#sandbox-payment') != null;
    } catch {
      own = false;
    }
    clearTimeout(this.failTimer);
    // The ready message may still be on its way from a page that loaded well.
    this.failTimer = setTimeout(
      () => {
        if (this.answered || iframe !== this.iframe) return;
        this.emit('loaderror', {
          error: {
            type: 'api_connection_error',
            message: 'The payment form could not be loaded.',
          },
        });
      },
      own ? 1000 : 0,
    );
  }

  unmount() {
    clearTimeout(this.failTimer);
    window.removeEventListener('message', this.listener);
    this.iframe?.remove();
    this.iframe = null;
  }

  destroy() {
    this.unmount();
    this.group.forget(this);
    this.handlers.clear();
  }

  update(options: Json) {
    this.options = { ...this.options, ...options };
  }

  /** Reloads the form when the method types changed (elements.update). */
  refresh() {
    if (!this.iframe) return;
    this.answered = false;
    this.ready = new Promise((resolve) => (this.resolveReady = resolve));
    this.iframe.src = this.frameUrl();
  }

  on(event: string, handler: Handler) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(handler);
    return this;
  }

  off(event: string, handler?: Handler) {
    if (handler) this.handlers.get(event)?.delete(handler);
    else this.handlers.delete(event);
    return this;
  }

  once(event: string, handler: Handler) {
    const wrapped = (e: unknown) => {
      this.off(event, wrapped);
      handler(e);
    };
    return this.on(event, wrapped);
  }

  focus() {
    this.iframe?.focus();
    void this.request({ type: 'focus' });
  }

  blur() {
    this.iframe?.blur();
  }

  clear() {
    void this.request({ type: 'clear' });
  }

  collapse() {
    return this;
  }

  private emit(event: string, payload: Json) {
    for (const handler of this.handlers.get(event) ?? [])
      handler({ elementType: 'payment', ...payload });
  }

  private receive(event: MessageEvent) {
    if (event.origin !== ORIGIN || !this.iframe || event.source !== this.iframe.contentWindow)
      return;
    const data = event.data as FrameEvent | FrameReply;
    if (!data || data.source !== 'stripe-sandbox-frame') return;
    if ('requestId' in data) {
      this.pending.get(data.requestId)?.(data);
      this.pending.delete(data.requestId);
      return;
    }
    if (data.type === 'ready') {
      this.answered = true;
      clearTimeout(this.failTimer);
      this.resolveReady?.();
      this.emit('ready', {});
    } else if (data.type === 'resize') {
      this.iframe.style.height = `${Math.ceil(data.height)}px`;
    } else if (data.type === 'change') {
      this.complete = data.complete;
      this.type = data.value.type;
      this.emit('change', {
        complete: data.complete,
        empty: data.empty,
        collapsed: false,
        value: data.value,
      });
    } else if (data.type === 'focus' || data.type === 'blur') {
      this.emit(data.type, {});
    } else if (data.type === 'escape') {
      this.emit('escape', {});
    }
  }

  async request(message: FrameRequest): Promise<FrameReply> {
    if (!this.iframe || !this.ready) {
      return {
        source: 'stripe-sandbox-frame',
        requestId: -1,
        error: invalid('The Payment Element is not mounted.').error,
      };
    }
    await this.ready;
    const requestId = ++this.requestCount;
    return new Promise((resolve) => {
      this.pending.set(requestId, resolve);
      this.iframe!.contentWindow!.postMessage(
        { ...message, requestId, source: 'stripe-sandbox-parent' },
        ORIGIN,
      );
    });
  }
}
