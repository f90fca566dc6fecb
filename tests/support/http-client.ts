/** A tiny cookie-keeping client, like one browser tab talking to the API. */
export class ApiClient {
  private cookies = new Map<string, string>()

  constructor(
    readonly baseUrl: string,
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(new URL(path, this.baseUrl), {
      method,
      headers: {
        ...this.defaultHeaders,
        ...(body !== undefined && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}),
        ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      redirect: 'manual',
    })
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';')
      const [name, ...rest] = pair!.split('=')
      const value = rest.join('=')
      const expired = attrs.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim())) || value === ''
      if (expired) this.cookies.delete(name!.trim())
      else this.cookies.set(name!.trim(), value)
    }
    const text = await res.text()
    let json: unknown = undefined
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    return { status: res.status, headers: res.headers, text, json: json as Record<string, unknown> & { message?: string } }
  }

  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers)
  post = (path: string, body?: unknown, headers?: Record<string, string>) => this.request('POST', path, body ?? {}, headers)
}

/** The `error.code` of an error answer's JSON body (undefined for any other body). */
export const errorCode = (json: unknown): string | undefined => (json as { error?: { code?: string } } | undefined)?.error?.code
