import { randomBytes } from 'node:crypto';

/** One part of a multipart body; a filename as a Buffer is sent byte for byte (e.g. invalid UTF-8). */
export type Part = {
  name: string;
  value: string | Buffer;
  filename?: string | Buffer;
  type?: string;
};

export type Fields = Record<string, string | string[]>;

export type Captcha = { key: string; answer: string; audio: string };

export type FormPage = {
  status: number;
  html: string;
  formId: number;
  unitTag: string;
  captcha: Captcha;
};

export type Reply = { status: number; body: any; headers: Headers };

/** Text fields as parts; an array gives one part per value, in order. */
export function fieldParts(fields: Fields): Part[] {
  return Object.entries(fields).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((v) => ({ name, value: v })),
  );
}

/** A multipart/form-data body built by hand, so hostile names and broken bytes go out as they are. */
export function multipart(
  parts: Part[],
  boundary = `----shop-test-${randomBytes(8).toString('hex')}`,
): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head: Buffer[] = [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`),
    ];
    if (part.filename !== undefined) {
      head.push(Buffer.from('; filename="'), Buffer.from(part.filename), Buffer.from('"'));
    }
    head.push(Buffer.from('\r\n'));
    if (part.filename !== undefined || part.type) {
      head.push(Buffer.from(`Content-Type: ${part.type ?? 'application/octet-stream'}\r\n`));
    }
    head.push(Buffer.from('\r\n'));
    chunks.push(...head, Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The captcha and form data a page (or a regenerated captcha snippet) carries in its HTML. */
export function captchaFromHtml(html: string): Captcha {
  const key = /name="kc_key" value="([^"]+)"/.exec(html)?.[1];
  const answer = /data-test-answer="([^"]+)"/.exec(html)?.[1];
  const audio = /data-audio="([^"]+)"/.exec(html)?.[1];
  if (!key || !answer || !audio) throw new Error('no captcha in the HTML');
  return { key, answer, audio: decodeEntities(audio) };
}

/**
 * A visitor of the shop's form pages and form API: keeps its cookies (session, language)
 * like a browser and sends same-origin requests only.
 */
export class FormsClient {
  private cookies = new Map<string, string>();

  constructor(
    readonly base: string,
    options: { lang?: 'de' | 'en' } = {},
  ) {
    if (options.lang) this.cookies.set('lang', options.lang);
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get sessionCookie(): string | undefined {
    return this.cookies.get('sid');
  }

  /** Takes over another client's session, as a stolen or shared cookie would. */
  useSession(sid: string): void {
    this.cookies.set('sid', sid);
  }

  private remember(res: Response): void {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
  }

  async get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    const res = await fetch(`${this.base}${path}`, {
      headers: { cookie: this.cookieHeader, ...headers },
    });
    this.remember(res);
    return res;
  }

  async post(
    path: string,
    body: Buffer | string,
    headers: Record<string, string>,
    options: { cookies?: boolean } = {},
  ): Promise<Response> {
    const res = await fetch(`${this.base}${path}`, {
      method: 'POST',
      body: typeof body === 'string' ? body : new Uint8Array(body),
      headers: {
        ...(options.cookies === false ? {} : { cookie: this.cookieHeader }),
        ...headers,
      },
    });
    this.remember(res);
    return res;
  }

  /** Loads a form page (/contact, /rueckruf): starts the session and reads the captcha. */
  async page(path: string): Promise<FormPage> {
    const res = await this.get(path);
    const html = await res.text();
    const formId = Number(/name="_form" value="(\d+)"/.exec(html)?.[1]);
    const unitTag = /name="_form_unit_tag" value="([^"]+)"/.exec(html)?.[1] ?? '';
    return { status: res.status, html, formId, unitTag, captcha: captchaFromHtml(html) };
  }

  /** Posts the multipart form to the feedback endpoint, like the form's script does. */
  async submit(
    formId: number | string,
    parts: Part[],
    options: { cookies?: boolean; headers?: Record<string, string> } = {},
  ): Promise<Reply> {
    const { body, contentType } = multipart(parts);
    const res = await this.post(
      `/forms/v1/contact-forms/${formId}/feedback`,
      body,
      { 'content-type': contentType, accept: 'application/json', ...options.headers },
      options,
    );
    return { status: res.status, body: await res.json(), headers: res.headers };
  }
}
