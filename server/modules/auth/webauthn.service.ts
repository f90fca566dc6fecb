import type { EntityManager } from '@mikro-orm/postgresql'
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { TWO_FACTOR_MESSAGES } from '@shared/api/two-factor'
import {
  WEBAUTHN_CHALLENGE_MS,
  WEBAUTHN_MESSAGES,
  type AuthenticationResponse,
  type PasskeyAdded,
  type PasskeyDto,
  type RegistrationVerifyRequest,
} from '@shared/api/webauthn'
import { conflict, forbidden, HttpError, notFound } from '../../http/errors'
import type { Logger } from '../../logger'
import { User } from '../users/user.entity'
import { hashCode } from './codes'
import { Passkey, UserTotp } from './two-factor.entities'
import type { TwoFactorService } from './two-factor.service'

const RP_NAME = 'Handover'
/** EdDSA, ES256, RS256: what platform authenticators and security keys offer between them */
const ALGORITHMS = [-8, -7, -257]

export const passkeyNotVerified = (status: 400 | 401) => new HttpError(status, 'passkey_not_verified', WEBAUTHN_MESSAGES.notVerified)

export const toPasskeyDto = (p: Passkey): PasskeyDto => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
})

/**
 * Passkeys: their ceremonies' options, checking the browser's answers (@simplewebauthn/server), and the stored
 * public keys. The relying party is PUBLIC_URL's host and its answers must come from PUBLIC_URL's origin, so a
 * passkey made here works for no other site, and one made on a copy of the site under another name does not work here.
 */
export class WebAuthnService {
  readonly rpID: string
  readonly origin: string

  constructor(private readonly deps: { publicUrl: string; secret: string; twoFactor: TwoFactorService; logger: Logger }) {
    const url = new URL(deps.publicUrl)
    this.rpID = url.hostname
    this.origin = url.origin
  }

  async list(em: EntityManager, userId: number): Promise<PasskeyDto[]> {
    return (await em.find(Passkey, { userId }, { orderBy: { id: 'asc' } })).map(toPasskeyDto)
  }

  find(em: EntityManager, credentialId: string): Promise<Passkey | null> {
    return em.findOne(Passkey, { credentialId })
  }

  findOwn(em: EntityManager, userId: number, id: number): Promise<Passkey | null> {
    return em.findOne(Passkey, { id, userId })
  }

  /** A new discoverable passkey (it signs in without a username); the authenticators already added are excluded. */
  async registrationOptions(em: EntityManager, user: User): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await em.find(Passkey, { userId: user.id }, { orderBy: { id: 'asc' } })
    return generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: this.rpID,
      userName: user.username,
      userDisplayName: user.username,
      // the same handle for every passkey of an account and never its id: an authenticator keeps one passkey per handle
      userID: Buffer.from(hashCode(this.deps.secret, 'webauthn-user', String(user.id)), 'hex'),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      supportedAlgorithmIDs: ALGORITHMS,
      timeout: WEBAUTHN_CHALLENGE_MS,
    })
  }

  /**
   * Checks the new passkey's answer and stores it. When it turns two-factor on, the answer carries ten recovery codes
   * (shown once): the account now asks for a second factor and needs a way in should the passkey be lost.
   */
  async register(em: EntityManager, userId: number, input: RegistrationVerifyRequest, challenge: string): Promise<PasskeyAdded> {
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>
    try {
      verified = await verifyRegistrationResponse({
        response: input.response as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        requireUserVerification: false,
        supportedAlgorithmIDs: ALGORITHMS,
      })
    } catch (err) {
      this.deps.logger.info({ reason: (err as Error).message, userId }, 'passkey registration not verified')
      throw passkeyNotVerified(400)
    }
    if (!verified.verified) throw passkeyNotVerified(400)
    const { credential } = verified.registrationInfo
    try {
      return await em.transactional(async (tx) => {
        const passkey = tx.create(Passkey, {
          userId,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey),
          counter: credential.counter,
          transports: credential.transports ?? [],
          name: input.name,
        })
        await tx.flush()
        const state = await this.deps.twoFactor.refreshState(tx, userId)
        const recoveryCodes = !state.before && state.after ? await this.deps.twoFactor.replaceRecoveryCodes(tx, userId) : undefined
        return { passkey: toPasskeyDto(passkey), ...(recoveryCodes ? { recoveryCodes } : {}) }
      })
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) throw conflict(WEBAUTHN_MESSAGES.alreadyAdded, 'passkey_exists')
      throw err
    }
  }

  /**
   * Options to sign in or step up. `userId` null: any passkey of this site may answer, and it must verify its user
   * (a PIN, a fingerprint), since it is the whole sign-in. Otherwise only that account's passkeys, as a second factor.
   */
  async authenticationOptions(em: EntityManager, userId: number | null): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const own = userId === null ? undefined : await em.find(Passkey, { userId }, { orderBy: { id: 'asc' } })
    return generateAuthenticationOptions({
      rpID: this.rpID,
      allowCredentials: own?.map((p) => ({ id: p.credentialId, transports: p.transports })),
      userVerification: userId === null ? 'required' : 'preferred',
      timeout: WEBAUTHN_CHALLENGE_MS,
    })
  }

  /**
   * Whether the answer is this passkey's signature over the challenge, from this site; the counter and last use are
   * updated when it is. The row is locked meanwhile, so two answers cannot both pass one counter value.
   */
  async verifyAssertion(
    em: EntityManager,
    passkeyId: number,
    response: AuthenticationResponse,
    challenge: string,
    requireUserVerification: boolean,
  ): Promise<boolean> {
    return em.transactional(async (tx) => {
      const passkey = await tx.findOne(Passkey, { id: passkeyId }, { lockMode: LockMode.PESSIMISTIC_WRITE })
      if (!passkey) return false
      try {
        const result = await verifyAuthenticationResponse({
          response: response as AuthenticationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: this.origin,
          expectedRPID: this.rpID,
          credential: {
            id: passkey.credentialId,
            publicKey: new Uint8Array(passkey.publicKey),
            counter: passkey.counter,
            transports: passkey.transports,
          },
          requireUserVerification,
        })
        if (!result.verified) return false
        passkey.counter = result.authenticationInfo.newCounter
      } catch (err) {
        this.deps.logger.info({ reason: (err as Error).message, passkeyId }, 'passkey answer not verified')
        return false
      }
      passkey.lastUsedAt = new Date()
      await tx.flush()
      return true
    })
  }

  /** Removes one of the user's passkeys; two-factor goes off with the last factor, except for an admin, who keeps one. */
  async remove(em: EntityManager, userId: number, id: number): Promise<void> {
    await em.transactional(async (tx) => {
      // the account's row first: two removals of an admin's last two passkeys cannot each see the other one stay
      const user = await tx.findOneOrFail(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE })
      const passkey = await tx.findOne(Passkey, { id, userId })
      if (!passkey) throw notFound(WEBAUTHN_MESSAGES.notFound)
      if (user.isAdmin) {
        const totp = await tx.findOne(UserTotp, { userId })
        const others = await tx.count(Passkey, { userId, id: { $ne: id } })
        if (!totp?.enabledAt && others === 0) throw forbidden(TWO_FACTOR_MESSAGES.adminKeepsLastPasskey)
      }
      tx.remove(passkey)
      await tx.flush()
      await this.deps.twoFactor.refreshState(tx, userId)
    })
  }
}
