import { createHash, randomBytes } from 'node:crypto'
import { UniqueConstraintViolationException } from '@mikro-orm/core'
import type { EntityManager } from '@mikro-orm/postgresql'
import { z } from 'zod'
import { DESKTOP_RETURN_URLS, PAYMENT_MESSAGES, type ReturnTarget, type TrustapConnectionDto } from '@shared/api/payments'
import { badRequest, conflict, serviceUnavailable } from '../../../http/errors'
import type { Logger } from '../../../logger'
import { TrustapAccount } from '../payment.entities'
import { ProviderUnavailable } from '../payment-provider'
import type { TrustapClient } from './trustap.client'

/** Trustap's userinfo answer, as far as Handover keeps it (`trustap_accounts`): anything else is a refused authorisation. */
const identitySchema = z.object({ sub: z.string().min(1).max(64), email: z.string().max(254).nullish() })

/** What a seller lets Handover do with their Trustap account (docs.trustap.com "Create a full user"). */
export const TRUSTAP_SCOPES = 'openid p2p_tx:offline_create_join p2p_tx:offline_accept_deposit p2p_tx:offline_cancel p2p_tx:offline_confirm_handover'
const STATE_TTL_MS = 10 * 60 * 1000
/** authorisations a user may have open at once (tabs, a retry): each start beyond them drops the oldest */
export const OPEN_STATES_PER_USER = 5

/** One Trustap account, one Handover user: the partial unique index on `trustap_accounts.full_user_id`. */
const FULL_USER_INDEX = 'trustap_accounts_full_user_id_unique'

/** Whether a write was refused because another Handover user has that Trustap account connected. */
const isFullUserTaken = (err: unknown) =>
  err instanceof UniqueConstraintViolationException &&
  ((err as { constraint?: string }).constraint === FULL_USER_INDEX || err.message.includes(FULL_USER_INDEX))

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const base64url = (bytes: Buffer) => bytes.toString('base64url')

export function toConnectionDto(account: TrustapAccount | null): TrustapConnectionDto {
  const connected = Boolean(account?.fullUserId)
  return {
    connected,
    trustapUserId: connected ? account!.fullUserId : null,
    email: connected ? account!.fullUserEmail : null,
    connectedAt: connected && account!.connectedAt ? account!.connectedAt.toISOString() : null,
  }
}

/**
 * Sellers connect their Trustap account (SPEC §2 /trustap-integration) with OAuth 2.0 authorisation code and PKCE:
 * a random `state` bound to the signed-in user and used once (its hash is kept, with the verifier, for ten
 * minutes), so a callback started by someone else, replayed or forged is refused. Only the Trustap user id and
 * email are kept: Handover acts for users with its API key and `Trustap-User`, so no token is stored. A Trustap
 * account is connected to one Handover user at most (409 `trustap_account_taken` for another); its user may
 * connect it again.
 */
export class TrustapOAuth {
  constructor(private readonly deps: { client: TrustapClient; publicUrl: string; logger: Logger }) {}

  /**
   * The renderer route that receives the code (SPEC §2) and posts it back to /api/trustap/oauth/callback; from the
   * desktop app, its `handover://` link, which opens that route in the app.
   */
  redirectUri(returnTo: ReturnTarget = 'web'): string {
    return returnTo === 'desktop' ? DESKTOP_RETURN_URLS.trustapCallback : `${this.deps.publicUrl}/trustap/auth/callback`
  }

  /** The authorisation URL; the state remembers where it returns, since the token exchange must name the same redirect_uri. */
  async start(em: EntityManager, userId: number, returnTo: ReturnTarget = 'web'): Promise<string> {
    const client = this.configured()
    const state = base64url(randomBytes(32))
    const verifier = base64url(randomBytes(48))
    const challenge = base64url(createHash('sha256').update(verifier).digest())
    await em.execute(`delete from trustap_oauth_states where expires_at < now()`)
    await em.execute(`insert into trustap_oauth_states (state_hash, user_id, code_verifier, return_to, expires_at) values (?, ?, ?, ?, ?)`, [
      sha256(state),
      userId,
      verifier,
      returnTo,
      new Date(Date.now() + STATE_TTL_MS),
    ])
    // a start writes a row: a script calling it in a loop keeps no more than a handful, this one and the newest others
    await em.execute(
      `delete from trustap_oauth_states where user_id = ? and state_hash <> ? and state_hash not in
         (select state_hash from trustap_oauth_states where user_id = ? and state_hash <> ? order by expires_at desc limit ?)`,
      [userId, sha256(state), userId, sha256(state), OPEN_STATES_PER_USER - 1],
    )
    return client.authorizeUrl({
      client_id: client.requireOAuth().clientId,
      redirect_uri: this.redirectUri(returnTo),
      response_type: 'code',
      scope: TRUSTAP_SCOPES,
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })
  }

  async complete(em: EntityManager, userId: number, code: string, state: string): Promise<TrustapConnectionDto> {
    const client = this.configured()
    // taken once, by its user, before it expires: deleting it is the check
    const rows = await em.execute<{ code_verifier: string; return_to: ReturnTarget }[]>(
      `delete from trustap_oauth_states where state_hash = ? and user_id = ? and expires_at > now() returning code_verifier, return_to`,
      [sha256(state), userId],
    )
    const verifier = rows[0]?.code_verifier
    if (!verifier) throw badRequest(PAYMENT_MESSAGES.oauthStateInvalid, 'oauth_state_invalid')
    const redirectUri = this.redirectUri(rows[0]!.return_to)
    let identity: z.infer<typeof identitySchema>
    try {
      const tokens = await client.exchangeCode(code, redirectUri, verifier)
      identity = identitySchema.parse(await client.userInfo(tokens.access_token))
    } catch (err) {
      this.deps.logger.warn({ err, userId }, 'Trustap authorisation failed')
      throw badRequest(PAYMENT_MESSAGES.oauthFailed, 'oauth_failed')
    }
    try {
      await em.execute(
        `insert into trustap_accounts (user_id, full_user_id, full_user_email, connected_at, updated_at) values (?, ?, ?, now(), now())
         on conflict (user_id) do update set full_user_id = excluded.full_user_id, full_user_email = excluded.full_user_email,
           connected_at = excluded.connected_at, updated_at = now()`,
        [userId, identity.sub, identity.email ?? null],
      )
    } catch (err) {
      // the index is the check, so two users finishing at once cannot both have it; the other user is not named
      if (isFullUserTaken(err)) throw conflict(PAYMENT_MESSAGES.trustapAccountTaken, 'trustap_account_taken')
      throw err
    }
    return this.connection(em, userId)
  }

  async connection(em: EntityManager, userId: number): Promise<TrustapConnectionDto> {
    return toConnectionDto(await em.findOne(TrustapAccount, { user: userId }, { refresh: true }))
  }

  async disconnect(em: EntityManager, userId: number): Promise<TrustapConnectionDto> {
    await em.execute(
      `update trustap_accounts set full_user_id = null, full_user_email = null, connected_at = null, updated_at = now() where user_id = ?`,
      [userId],
    )
    return this.connection(em, userId)
  }

  private configured(): TrustapClient {
    try {
      this.deps.client.requireOAuth()
    } catch (err) {
      if (err instanceof ProviderUnavailable) throw serviceUnavailable(PAYMENT_MESSAGES.trustapNotConfigured)
      throw err
    }
    return this.deps.client
  }
}
