import { outboxMails } from './forms-mail.ts';

/**
 * A visitor posting the shop's page forms like a browser without scripts: keeps cookies,
 * sends the shop's Origin, does not follow redirects (the tests read them).
 */
export class PageClient {
  cookies = new Map<string, string>();
  constructor(private base: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get sid(): string | undefined {
    return this.cookies.get('sid');
  }

  private keep(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async get(path: string): Promise<Response> {
    const res = await fetch(this.base + path, {
      headers: { cookie: this.cookieHeader },
      redirect: 'manual',
    });
    this.keep(res);
    return res;
  }

  async post(path: string, fields: Record<string, string | string[]> | string): Promise<Response> {
    const body =
      typeof fields === 'string'
        ? fields
        : new URLSearchParams(
            Object.entries(fields).flatMap(([k, v]) =>
              Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v]],
            ),
          ).toString();
    const res = await fetch(this.base + path, {
      method: 'POST',
      body,
      headers: {
        cookie: this.cookieHeader,
        origin: this.base,
        'content-type': 'application/x-www-form-urlencoded',
      },
      redirect: 'manual',
    });
    this.keep(res);
    return res;
  }

  /** The form token (`security`) a logged-in page carries. */
  async security(path = '/my-account/edit-account'): Promise<string> {
    const html = await (await this.get(path)).text();
    const match = /name="security" value="([^"]+)"/.exec(html);
    if (!match) throw new Error(`no form token on ${path}`);
    return match[1]!;
  }
}

/** The newest mail the shop wrote to its outbox for an address, if any. */
export function lastMailTo(dataDir: string, address: string) {
  return outboxMails(dataDir)
    .filter((m) => (m.header('to') ?? '').includes(address))
    .at(-1);
}

/** The first link in a mail's text that starts with the given path. */
export function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://[^\\s]+${path.replace(/[?]/g, '\\?')}[^\\s]*`).exec(text);
  if (!match) throw new Error(`no ${path} link in mail`);
  return match[0];
}
