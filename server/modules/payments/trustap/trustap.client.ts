import type { TrustapConfig } from '../../../config'
import { ProviderUnavailable } from '../payment-provider'

/** A face-to-face transaction as the v1 API returns it (the fields Handover reads). */
export interface TrustapP2PTransaction {
  id: number
  status: string
  currency: string
  buyer_id?: string
  seller_id?: string
  deposit_pricing: { price: number; charge: number }
}

export interface TrustapCharge {
  charge: number
  charge_calculator_version: number
  currency: string
  price: number
}

export interface TrustapTokens {
  access_token: string
  token_type?: string
  refresh_token?: string
  id_token?: string
  scope?: string
}

const TIMEOUT_MS = 10_000

/**
 * Trustap's documented v1 HTTP API (docs.trustap.com): Basic auth with the API key as user name and an empty
 * password, `Trustap-User` to act for a user, and the SSO's OpenID Connect endpoints for sellers' OAuth.
 * Any failure (network, timeout, non-2xx) is a ProviderUnavailable carrying what Trustap said.
 */
export class TrustapClient {
  constructor(private readonly config: TrustapConfig) {}

  createGuestUser(body: {
    email: string
    first_name: string
    last_name: string
    country_code: string
    tos_acceptance: { unix_timestamp: number; ip: string }
  }) {
    return this.api<{ id: string; email: string }>('POST', '/guest_users', { body })
  }

  p2pCharge(price: number, signal?: AbortSignal) {
    return this.api<TrustapCharge>('GET', `/p2p/charge?price=${price}&currency=${this.config.currency}`, { signal })
  }

  createP2PWithGuestUser(asUser: string, body: Record<string, unknown>) {
    return this.api<TrustapP2PTransaction>('POST', '/p2p/me/transactions/create_with_guest_user', { body, asUser })
  }

  getP2P(id: string) {
    return this.api<TrustapP2PTransaction>('GET', `/p2p/transactions/${encodeURIComponent(id)}`)
  }

  acceptDeposit(id: string, asUser: string) {
    return this.api<TrustapP2PTransaction>('POST', `/p2p/transactions/${encodeURIComponent(id)}/accept_deposit`, { asUser })
  }

  confirmHandover(id: string, asUser: string) {
    return this.api<TrustapP2PTransaction>('POST', `/p2p/transactions/${encodeURIComponent(id)}/confirm_handover`, { asUser })
  }

  /** Cancelled by the seller after the deposit was paid: Trustap returns the deposit, less its own fee, to the buyer. */
  cancelWithDescription(id: string, asUser: string, description: string) {
    return this.api<TrustapP2PTransaction>('POST', `/p2p/transactions/${encodeURIComponent(id)}/cancel_with_description`, {
      body: { description },
      asUser,
    })
  }

  complainAsGuestBuyer(id: string, asUser: string, description: string) {
    return this.api<TrustapP2PTransaction>('POST', `/p2p/transactions/${encodeURIComponent(id)}/complain_with_guest_buyer`, {
      body: { description },
      asUser,
    })
  }

  /** The page a guest buyer pays the deposit on; `state` comes back untouched. */
  payDepositUrl(id: string, redirectUri: string, state: string): string {
    const query = new URLSearchParams({ redirect_uri: redirectUri, state })
    return `${this.config.actionsUrl}/f2f/transactions/${encodeURIComponent(id)}/pay_deposit?${query.toString()}`
  }

  /** Authorisation code (with its PKCE verifier) → tokens, at the SSO's token endpoint with our client's credentials. */
  async exchangeCode(code: string, redirectUri: string, codeVerifier: string): Promise<TrustapTokens> {
    const oauth = this.requireOAuth()
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: codeVerifier,
      client_id: oauth.clientId,
    })
    return this.send<TrustapTokens>(
      'POST',
      `${this.config.ssoUrl}/protocol/openid-connect/token`,
      {
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(oauth.clientId)}:${encodeURIComponent(oauth.clientSecret)}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      form.toString(),
    )
  }

  /** Who the tokens belong to: `sub` is the Trustap user id. */
  userInfo(accessToken: string) {
    return this.send<{ sub: string; email?: string }>('GET', `${this.config.ssoUrl}/protocol/openid-connect/userinfo`, {
      authorization: `Bearer ${accessToken}`,
    })
  }

  authorizeUrl(params: Record<string, string>): string {
    return `${this.config.ssoUrl}/protocol/openid-connect/auth?${new URLSearchParams(params).toString()}`
  }

  requireOAuth(): { clientId: string; clientSecret: string } {
    if (!this.config.oauth) throw new ProviderUnavailable('TRUSTAP_CLIENT_ID and TRUSTAP_CLIENT_SECRET are not set')
    return this.config.oauth
  }

  private async api<T>(method: string, path: string, options: { body?: unknown; asUser?: string; signal?: AbortSignal } = {}): Promise<T> {
    if (!this.config.apiKey) throw new ProviderUnavailable('TRUSTAP_API_KEY is not set')
    const headers: Record<string, string> = { authorization: `Basic ${Buffer.from(`${this.config.apiKey}:`).toString('base64')}` }
    if (options.asUser) headers['trustap-user'] = options.asUser
    if (options.body !== undefined) headers['content-type'] = 'application/json'
    return this.send<T>(
      method,
      `${this.config.apiUrl}${path}`,
      headers,
      options.body === undefined ? undefined : JSON.stringify(options.body),
      options.signal,
    )
  }

  private async send<T>(method: string, url: string, headers: Record<string, string>, body?: string, signal?: AbortSignal): Promise<T> {
    let res: Response
    const timeout = AbortSignal.timeout(TIMEOUT_MS)
    try {
      res = await fetch(url, {
        method,
        headers: { accept: 'application/json', ...headers },
        body,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      })
    } catch (err) {
      throw new ProviderUnavailable(`Trustap ${method} ${new URL(url).pathname} failed: ${(err as Error).message}`)
    }
    const text = await res.text()
    if (!res.ok) throw new ProviderUnavailable(`Trustap ${method} ${new URL(url).pathname} answered ${res.status}: ${text.slice(0, 300)}`)
    try {
      return JSON.parse(text) as T
    } catch {
      throw new ProviderUnavailable(`Trustap ${method} ${new URL(url).pathname} answered something other than JSON`)
    }
  }
}
