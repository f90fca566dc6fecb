import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for Trustap, built from its public documentation (docs.trustap.com; summary in
 * the reference notes beside the specification): the v1 API (Basic auth with the API key and an empty password, guest users,
 * face-to-face transactions created with a guest user, fees, handover, complaints), the hosted pay_deposit page,
 * webhooks with Basic credentials, and the SSO's OpenID Connect endpoints with PKCE. Real HTTP on a free port.
 */
export interface StandinTransaction {
  id: number
  status: string
  currency: string
  description: string
  buyer_id: string
  seller_id: string
  skip_remainder: boolean
  deposit_pricing: { price: number; charge: number }
  created: string
}

/** The marketplace's own full Trustap user and the webhook credentials agreed at setup, as the tests configure Handover. */
export const STANDIN_SELLER_ID = 'platform-full-user'
export const STANDIN_WEBHOOK = { user: 'handover-hooks', password: 'webhook-password-0123456789' }

export interface StandinOptions {
  apiKey: string
  clientId: string
  clientSecret: string
  realm?: string
}

interface PendingCode {
  clientId: string
  redirectUri: string
  challenge: string
  user: { sub: string; email: string }
  used: boolean
}

/** The documented charge is opaque to clients; the stand-in charges 3.5 % + 50 ¢, rounded down. */
export const standinCharge = (price: number) => Math.floor((price * 35) / 1000) + 50
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')

export class TrustapStandin {
  readonly transactions = new Map<number, StandinTransaction>()
  readonly guestUsers = new Map<string, Record<string, unknown>>()
  /** every request, for tests to look at what Handover sent */
  readonly requests: { method: string; path: string; headers: IncomingMessage['headers']; body: string }[] = []
  /** who logs in and consents at the SSO next */
  ssoUser = { sub: 'full-user-1', email: 'seller@trustap.example' }
  /** where payment webhooks go, with the Basic credentials agreed at setup; unset: none are sent */
  webhook: { url: string; user: string; password: string } | null = null
  /** when set, the API answers 503 as an outage would */
  failing = false
  /** API calls whose path matches answer 503: Trustap failing on that one call */
  failingPath: RegExp | null = null
  /** API calls whose path matches are answered only once `until` settles: a slow Trustap (`arrived` says one came) */
  slow: { path: RegExp; until: Promise<void>; arrived: () => void } | null = null
  private readonly codes = new Map<string, PendingCode>()
  private readonly tokens = new Map<string, { sub: string; email: string }>()
  private nextId = 1000
  private server: Server | null = null
  url = ''

  constructor(private readonly options: StandinOptions) {}

  get realmPath() {
    return `/auth/realms/${this.options.realm ?? 'trustap-stage'}`
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => send(res, 500, { error: String(err) }))
    })
    await new Promise<void>((ok) => this.server!.listen(0, '127.0.0.1', ok))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
    return this
  }

  close(): Promise<void> {
    return new Promise((ok) => (this.server ? this.server.close(() => ok()) : ok()))
  }

  /** What happens at Trustap without Handover: the buyer pays (as the pay page does), or someone cancels. */
  setStatus(id: number, status: string) {
    const tx = this.transactions.get(id)
    if (!tx) throw new Error(`no transaction ${id}`)
    tx.status = status
    return tx
  }

  /** A webhook as Trustap sends one: {code, user_id, target_id, target_preview, time} with Basic credentials. */
  async sendWebhook(code: string, id: number, credentials = this.webhook): Promise<{ status: number; body: string }> {
    if (!this.webhook || !credentials) throw new Error('no webhook endpoint set up')
    const tx = this.transactions.get(id)
    const body = { code, user_id: tx?.buyer_id, target_id: String(id), target_preview: tx, time: new Date().toISOString() }
    const res = await fetch(this.webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}`,
      },
      body: JSON.stringify(body),
    })
    return { status: res.status, body: await res.text() }
  }

  /** A Handover server's settings for Trustap as its payment provider, pointed at this stand-in once it has started. */
  serverEnv(): Record<string, string> {
    return {
      PAYMENTS_PROVIDER: 'trustap',
      TRUSTAP_API_URL: `${this.url}/api/v1`,
      TRUSTAP_ACTIONS_URL: this.url,
      TRUSTAP_SSO_URL: `${this.url}${this.realmPath}`,
      TRUSTAP_API_KEY: this.options.apiKey,
      TRUSTAP_SELLER_ID: STANDIN_SELLER_ID,
      TRUSTAP_CLIENT_ID: this.options.clientId,
      TRUSTAP_CLIENT_SECRET: this.options.clientSecret,
      TRUSTAP_WEBHOOK_USER: STANDIN_WEBHOOK.user,
      TRUSTAP_WEBHOOK_PASSWORD: STANDIN_WEBHOOK.password,
    }
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.url)
    const body = await readBody(req)
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, headers: req.headers, body })
    const route = `${req.method} ${url.pathname}`
    if (url.pathname.startsWith('/api/v1/')) {
      if (this.failing || this.failingPath?.test(url.pathname)) return send(res, 503, { error: 'service_unavailable' })
      const slow = this.slow
      if (slow?.path.test(url.pathname)) {
        this.slow = null
        slow.arrived()
        await slow.until
      }
      if (req.headers.authorization !== `Basic ${Buffer.from(`${this.options.apiKey}:`).toString('base64')}`)
        return send(res, 401, { error: 'unauthorized' })
      return this.api(req, res, url, route, body)
    }
    if (url.pathname.startsWith(this.realmPath)) return this.sso(req, res, url, url.pathname.slice(this.realmPath.length), body)
    const pay = /^\/f2f\/transactions\/(\d+)\/pay_deposit$/.exec(url.pathname)
    if (pay) return this.payPage(req, res, url, Number(pay[1]), body)
    send(res, 404, { error: 'not_found' })
  }

  private api(req: IncomingMessage, res: ServerResponse, url: URL, route: string, raw: string) {
    const json = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>
    const asUser = req.headers['trustap-user']
    if (route === 'POST /api/v1/guest_users') {
      for (const field of ['email', 'first_name', 'last_name', 'country_code', 'tos_acceptance'])
        if (!json[field]) return send(res, 400, { error: `${field} is required` })
      const id = `1-${randomUUID()}`
      this.guestUsers.set(id, json)
      return send(res, 201, { id, email: json.email, created_at: new Date().toISOString() })
    }
    if (route === 'GET /api/v1/p2p/charge') {
      const price = Number(url.searchParams.get('price'))
      if (!Number.isInteger(price) || price <= 0 || !url.searchParams.get('currency'))
        return send(res, 400, { error: 'price and currency are required' })
      return send(res, 200, {
        charge: standinCharge(price),
        charge_calculator_version: 3,
        charge_seller: 0,
        currency: url.searchParams.get('currency'),
        price,
      })
    }
    if (route === 'POST /api/v1/p2p/me/transactions/create_with_guest_user') {
      const required = [
        'buyer_id',
        'seller_id',
        'creator_role',
        'currency',
        'description',
        'deposit_price',
        'deposit_charge',
        'charge_calculator_version',
      ]
      for (const field of required) if (json[field] === undefined) return send(res, 400, { error: `${field} is required` })
      if (asUser !== json.seller_id) return send(res, 403, { error: 'Trustap-User must be the creator' })
      if (json.deposit_charge !== standinCharge(Number(json.deposit_price))) return send(res, 400, { error: 'charge does not match the price' })
      const tx: StandinTransaction = {
        id: this.nextId++,
        status: 'joined',
        currency: String(json.currency),
        description: String(json.description),
        buyer_id: String(json.buyer_id),
        seller_id: String(json.seller_id),
        skip_remainder: Boolean(json.skip_remainder),
        deposit_pricing: { price: Number(json.deposit_price), charge: Number(json.deposit_charge) },
        created: new Date().toISOString(),
      }
      this.transactions.set(tx.id, tx)
      return send(res, 201, tx)
    }
    const action = /^(GET|POST) \/api\/v1\/p2p\/transactions\/(\d+)(?:\/(\w+))?$/.exec(route)
    const tx = action ? this.transactions.get(Number(action[2])) : undefined
    if (!action || !tx) return send(res, 404, { error: 'not_found' })
    const step = action[3]
    if (!step && action[1] === 'GET') return send(res, 200, tx)
    const moves: Record<string, { by: string; from: string[]; to: string }> = {
      accept_deposit: { by: tx.seller_id, from: ['deposit_paid'], to: 'deposit_accepted' },
      confirm_handover: { by: tx.seller_id, from: ['deposit_accepted', 'buyer_handover_confirmed'], to: 'seller_handover_confirmed' },
      complain_with_guest_buyer: { by: tx.buyer_id, from: ['deposit_accepted', 'seller_handover_confirmed'], to: 'complained' },
      // after the deposit was paid, a cancel returns it (less Trustap's fee) to the buyer
      cancel_with_description: {
        by: tx.seller_id,
        from: ['joined', 'deposit_paid', 'deposit_accepted'],
        to: tx.status === 'joined' ? 'cancelled' : 'cancelled_with_deposit',
      },
    }
    const move = step ? moves[step] : undefined
    if (!move) return send(res, 404, { error: 'not_found' })
    if (asUser !== move.by) return send(res, 403, { error: 'not a party allowed to do this' })
    if (!move.from.includes(tx.status)) return send(res, 400, { error: `cannot ${step} in ${tx.status}` })
    if ((step === 'complain_with_guest_buyer' || step === 'cancel_with_description') && !json.description)
      return send(res, 400, { error: 'description is required' })
    tx.status = move.to
    return send(res, 200, tx)
  }

  /** The hosted pay page: GET shows it, POST is the buyer's card going through (or the buyer giving up). */
  private async payPage(req: IncomingMessage, res: ServerResponse, url: URL, id: number, raw: string) {
    const tx = this.transactions.get(id)
    const redirect = url.searchParams.get('redirect_uri')
    if (!tx || !redirect) return send(res, 404, { error: 'not_found' })
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html' })
      return res.end(
        `<form method="post"><p>Pay ${tx.deposit_pricing.price + tx.deposit_pricing.charge} ${tx.currency}</p><button name="outcome" value="pay">Pay</button></form>`,
      )
    }
    const outcome = new URLSearchParams(raw).get('outcome')
    if (outcome === 'pay' && tx.status === 'joined') {
      tx.status = 'deposit_paid'
      if (this.webhook) await this.sendWebhook('p2p_tx.deposit_paid', id)
    }
    const back = new URL(redirect)
    const state = url.searchParams.get('state')
    if (state) back.searchParams.set('state', state)
    res.writeHead(302, { location: back.toString() })
    res.end()
  }

  private sso(req: IncomingMessage, res: ServerResponse, url: URL, path: string, raw: string) {
    if (req.method === 'GET' && path === '/protocol/openid-connect/auth') {
      const q = url.searchParams
      if (q.get('client_id') !== this.options.clientId || q.get('response_type') !== 'code') return send(res, 400, { error: 'invalid_request' })
      if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge'))
        return send(res, 400, { error: 'invalid_request', error_description: 'PKCE required' })
      // the user signs in and consents; the browser comes back with a one-time code and the same state
      const code = randomBytes(16).toString('hex')
      this.codes.set(code, {
        clientId: q.get('client_id')!,
        redirectUri: q.get('redirect_uri')!,
        challenge: q.get('code_challenge')!,
        user: { ...this.ssoUser },
        used: false,
      })
      const back = new URL(q.get('redirect_uri')!)
      back.searchParams.set('code', code)
      back.searchParams.set('state', q.get('state') ?? '')
      res.writeHead(302, { location: back.toString() })
      return res.end()
    }
    if (req.method === 'POST' && path === '/protocol/openid-connect/token') {
      const form = new URLSearchParams(raw)
      const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString()
      const [id, secret] = basic.split(':').map(decodeURIComponent)
      if (id !== this.options.clientId || secret !== this.options.clientSecret) return send(res, 401, { error: 'invalid_client' })
      const pending = this.codes.get(form.get('code') ?? '')
      const valid = pending && !pending.used && form.get('grant_type') === 'authorization_code' && pending.redirectUri === form.get('redirect_uri')
      if (!valid || s256(form.get('code_verifier') ?? '') !== pending.challenge) return send(res, 400, { error: 'invalid_grant' })
      pending.used = true
      const access = randomBytes(24).toString('hex')
      this.tokens.set(access, pending.user)
      return send(res, 200, {
        access_token: access,
        token_type: 'Bearer',
        expires_in: 300,
        refresh_token: randomBytes(24).toString('hex'),
        scope: 'openid',
      })
    }
    if (req.method === 'GET' && path === '/protocol/openid-connect/userinfo') {
      const user = this.tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''))
      return user ? send(res, 200, user) : send(res, 401, { error: 'invalid_token' })
    }
    send(res, 404, { error: 'not_found' })
  }
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
