/** A Store API client that keeps its session cookie and nonce like a browser would. */
export class StoreClient {
  private constructor(
    private base: string,
    private cookie: string,
    public nonce: string,
  ) {}

  static async start(base: string): Promise<StoreClient> {
    const res = await fetch(`${base}/wc/store/v1/cart`);
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    await res.arrayBuffer();
    return new StoreClient(base, cookie, res.headers.get('nonce') ?? '');
  }

  get cookieHeader(): string {
    return this.cookie;
  }

  async cart(): Promise<any> {
    const res = await fetch(`${this.base}/wc/store/v1/cart`, { headers: { cookie: this.cookie } });
    return res.json();
  }

  post(path: string, body: unknown): Promise<Response> {
    return this.raw(path, JSON.stringify(body), { 'content-type': 'application/json' });
  }

  raw(
    path: string,
    body: string,
    headers: Record<string, string>,
    options: { nonce?: boolean } = {},
  ): Promise<Response> {
    return fetch(`${this.base}/wc/store/v1${path}`, {
      method: 'POST',
      body,
      headers: {
        cookie: this.cookie,
        ...(options.nonce === false ? {} : { nonce: this.nonce }),
        ...headers,
      },
    });
  }
}
