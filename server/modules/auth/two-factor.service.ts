import { randomBytes } from 'node:crypto'
import type { EntityManager } from '@mikro-orm/postgresql'
import { LockMode } from '@mikro-orm/core'
import {
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_MESSAGES,
  type SecondFactorRequest,
  type TwoFactorMethod,
  type TwoFactorStatus,
} from '@shared/api/two-factor'
import { badRequest, conflict, HttpError } from '../../http/errors'
import { User } from '../users/user.entity'
import { hashCode } from './codes'
import { checkTotp, newTotpSecret, totpUri, type Sealer } from './totp'
import { Passkey, RecoveryCode, UserTotp } from './two-factor.entities'

const ISSUER = 'Handover'

export const invalidSecondFactor = (message: string = TWO_FACTOR_MESSAGES.invalidCode) => new HttpError(401, 'invalid_code', message)

/**
 * The second factors of an account: the authenticator app's secret, recovery codes, and whether two-factor is on
 * (`users.two_factor_since`: on while an app or at least one passkey is set up). Passkeys themselves live in
 * webauthn.service.ts; after adding or removing one it calls `refreshState` here.
 */
export class TwoFactorService {
  constructor(private readonly deps: { sealer: Sealer; secret: string }) {}

  async status(em: EntityManager, user: User, verifiedAt: number | null): Promise<TwoFactorStatus> {
    const totp = await em.findOne(UserTotp, { userId: user.id })
    return {
      enabled: user.twoFactorSince !== null,
      since: user.twoFactorSince?.toISOString() ?? null,
      totp: Boolean(totp?.enabledAt),
      passkeys: await em.count(Passkey, { userId: user.id }),
      recoveryCodesLeft: await em.count(RecoveryCode, { userId: user.id, usedAt: null }),
      verifiedAt: verifiedAt === null ? null : new Date(verifiedAt).toISOString(),
    }
  }

  /** What a half-done sign-in may finish with. */
  async methods(em: EntityManager, userId: number): Promise<TwoFactorMethod[]> {
    const totp = await em.findOne(UserTotp, { userId })
    const methods: TwoFactorMethod[] = []
    if (totp?.enabledAt) methods.push('totp')
    if ((await em.count(Passkey, { userId })) > 0) methods.push('webauthn')
    if ((await em.count(RecoveryCode, { userId, usedAt: null })) > 0) methods.push('recovery')
    return methods
  }

  /** A new secret waits for its first code; asking again replaces it (a QR code scanned twice is harmless). */
  async startTotp(em: EntityManager, user: User): Promise<{ secret: string; otpauthUri: string }> {
    return em.transactional(async (tx) => {
      const row = await this.lockTotp(tx, user.id)
      if (row?.enabledAt) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn, 'two_factor_on')
      const secret = newTotpSecret()
      const totp = row ?? tx.create(UserTotp, { userId: user.id })
      totp.pendingSecret = this.deps.sealer.seal(secret)
      await tx.flush()
      return { secret, otpauthUri: totpUri(secret, user.username, ISSUER) }
    })
  }

  /** The first right code turns the app on (two-factor with it); the answer is ten new recovery codes. */
  async enableTotp(em: EntityManager, userId: number, code: string): Promise<string[]> {
    const outcome = await em.transactional(async (tx) => {
      const totp = await this.lockTotp(tx, userId)
      if (totp?.enabledAt) return { error: conflict(TWO_FACTOR_MESSAGES.alreadyOn, 'two_factor_on') }
      if (!totp?.pendingSecret) return { error: badRequest(TWO_FACTOR_MESSAGES.notSetUp, 'no_pending_setup') }
      const check = await checkTotp(this.deps.sealer.open(totp.pendingSecret), code, null)
      if (!check.ok) return { error: invalidSecondFactor() }
      Object.assign(totp, { secret: totp.pendingSecret, pendingSecret: null, enabledAt: new Date(), lastStep: check.step! })
      await tx.flush()
      await this.refreshState(tx, userId)
      // a fresh set each time, shown once: any set shown before (with a first passkey) stops working
      return { codes: await this.replaceRecoveryCodes(tx, userId) }
    })
    if ('error' in outcome) throw outcome.error
    return outcome.codes
  }

  /** Turns the app off (the caller checked the password and a code); two-factor goes off with it unless a passkey stays. */
  async disableTotp(tx: EntityManager, userId: number): Promise<void> {
    const totp = await this.lockTotp(tx, userId)
    if (!totp?.enabledAt) throw badRequest(TWO_FACTOR_MESSAGES.notOn, 'two_factor_off')
    Object.assign(totp, { secret: null, pendingSecret: null, enabledAt: null })
    await tx.flush()
    await this.refreshState(tx, userId)
  }

  /**
   * Checks a typed second factor and uses it up: an app code (its step, and every older one, is refused from now on)
   * or a recovery code (marked used). Locks the account's row, so two requests with one code cannot both pass.
   */
  async verify(tx: EntityManager, userId: number, input: SecondFactorRequest): Promise<boolean> {
    if ('recoveryCode' in input) return this.useRecoveryCode(tx, userId, input.recoveryCode)
    const totp = await this.lockTotp(tx, userId)
    if (!totp?.enabledAt || !totp.secret) return false
    const check = await checkTotp(this.deps.sealer.open(totp.secret), input.code, totp.lastStep)
    if (!check.ok) return false
    totp.lastStep = check.step!
    await tx.flush()
    return true
  }

  /** Whether `code` is a right app code or recovery code (for forms with one box): uses it up as `verify` does. */
  async verifyEither(tx: EntityManager, userId: number, code: string): Promise<boolean> {
    const compact = code.replace(/[\s-]/g, '')
    if (/^\d{6}$/.test(compact)) return this.verify(tx, userId, { code: compact })
    if (/^[a-z0-9]{10}$/i.test(compact)) return this.verify(tx, userId, { recoveryCode: compact.toLowerCase() })
    return false
  }

  async regenerateRecoveryCodes(em: EntityManager, userId: number): Promise<string[]> {
    return em.transactional(async (tx) => {
      const user = await tx.findOneOrFail(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE })
      if (!user.twoFactorSince) throw badRequest(TWO_FACTOR_MESSAGES.notOn, 'two_factor_off')
      return this.replaceRecoveryCodes(tx, userId)
    })
  }

  /**
   * Sets `two_factor_since` from what the account has: on while an app or a passkey is set up. Turning off drops
   * the recovery codes (they would be a way in with nothing left to recover). Returns whether it was on before.
   */
  async refreshState(tx: EntityManager, userId: number): Promise<{ before: boolean; after: boolean }> {
    const user = await tx.findOneOrFail(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE })
    const totp = await tx.findOne(UserTotp, { userId })
    const on = Boolean(totp?.enabledAt) || (await tx.count(Passkey, { userId })) > 0
    const before = user.twoFactorSince !== null
    if (on && !before) user.twoFactorSince = new Date()
    if (!on && before) {
      user.twoFactorSince = null
      await tx.nativeDelete(RecoveryCode, { userId })
    }
    await tx.flush()
    return { before, after: on }
  }

  /** Ten fresh codes replace every earlier one; only their keyed hashes are kept. */
  async replaceRecoveryCodes(tx: EntityManager, userId: number): Promise<string[]> {
    await tx.nativeDelete(RecoveryCode, { userId })
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => newRecoveryCode())
    for (const code of codes) tx.create(RecoveryCode, { userId, codeHash: this.recoveryHash(userId, code) })
    await tx.flush()
    return codes.map((code) => `${code.slice(0, 5)}-${code.slice(5)}`)
  }

  private async useRecoveryCode(tx: EntityManager, userId: number, code: string): Promise<boolean> {
    // one statement: of two requests with the same code, only one finds it unused
    const used = await tx.nativeUpdate(RecoveryCode, { userId, codeHash: this.recoveryHash(userId, code), usedAt: null }, { usedAt: new Date() })
    return used === 1
  }

  private recoveryHash(userId: number, code: string): string {
    return hashCode(this.deps.secret, `recovery:${userId}`, code)
  }

  private lockTotp(tx: EntityManager, userId: number): Promise<UserTotp | null> {
    return tx.findOne(UserTotp, { userId }, { lockMode: LockMode.PESSIMISTIC_WRITE })
  }
}

/** 10 characters of a-z and 2-7 (base32's alphabet, lower-cased): 50 bits, easy to read back from paper. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567'
  return Array.from(randomBytes(10), (byte) => alphabet[byte % 32]).join('')
}
