export type Fetcher = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * A minimal browser stand-in for tests: a cookie jar, the XSRF double-submit header and JSON
 * helpers. Works over `app.request` (api tests) and real HTTP (worker tests).
 */
export class HttpSession {
  readonly cookies = new Map<string, string>();
  /** The raw Set-Cookie headers of the last response, for attribute checks. */
  lastSetCookies: string[] = [];

  constructor(
    private readonly fetcher: Fetcher,
    readonly origin: string,
  ) {}

  async fetch(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf && !headers.has('x-xsrf-token')) headers.set('x-xsrf-token', decodeURIComponent(xsrf));
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    if (init.method && init.method !== 'GET' && !headers.has('origin')) headers.set('origin', this.origin);
    const response = await this.fetcher(`${this.origin}${path}`, { ...init, headers, body, redirect: 'manual' });
    this.lastSetCookies = response.headers.getSetCookie();
    for (const line of this.lastSetCookies) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = /max-age=0/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line);
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(path: string, init: RequestInit = {}) {
    return this.fetch(path, { ...init, method: 'GET' });
  }

  post(path: string, json?: unknown, init: RequestInit = {}) {
    return this.fetch(path, { ...init, method: 'POST', json });
  }

  async csrf(): Promise<void> {
    const response = await this.get('/portal/auth/csrf-cookie');
    if (response.status !== 204) throw new Error(`csrf-cookie answered ${response.status}`);
  }

  /** csrf → login; returns the login response. */
  async login(email: string, password: string): Promise<Response> {
    await this.csrf();
    return this.post('/portal/auth/login', { email, password });
  }
}
