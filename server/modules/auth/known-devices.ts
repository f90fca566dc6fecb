import { createHash, randomBytes } from 'node:crypto'
import type { EntityManager } from '@mikro-orm/postgresql'
import { clientIp, type AppContext } from '../../http/context'
import type { Logger } from '../../logger'
import { newSignInEmail } from '../email/sign-in.templates'
import type { Mailer } from '../email/mailer'
import type { Notification } from '../notifications/notification.entity'
import type { NotificationService } from '../notifications/notifications.service'
import { deviceName } from '../sessions/device-name'
import type { User } from '../users/user.entity'
import { KnownDevice } from './two-factor.entities'

export const DEVICE_COOKIE = 'handover.device'
const DEVICE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/

export interface KnownDevicesDeps {
  mailer: Mailer
  notifications: NotificationService
  logger: Logger
  publicUrl: string
}

/**
 * A browser is known by a random id in a long-lived signed cookie. Only a hash of it with the user's id is stored, so
 * the table cannot be turned back into cookies, nor tell that two users share a browser.
 */
export function createKnownDevices(deps: KnownDevicesDeps) {
  const secure = deps.publicUrl.startsWith('https://')

  /** The browser's id, set when it has none (or one whose signature fails); renewed, so a browser in use stays known. */
  function deviceId(ctx: AppContext): string {
    const current = ctx.cookies.get(DEVICE_COOKIE, { signed: true })
    const id = current && DEVICE_ID.test(current) ? current : randomBytes(32).toString('base64url')
    ctx.cookies.set(DEVICE_COOKIE, id, { signed: true, httpOnly: true, sameSite: 'lax', secure, maxAge: DEVICE_MAX_AGE_MS, overwrite: true })
    return id
  }

  /**
   * Remembers the browser a sign-in came from. A browser new to an account that has others is announced to its owner
   * by email and notification; the first one (the sign-up's own sign-in) is only remembered. Never fails the sign-in:
   * a notice that cannot be written is logged, and the browser stays unknown so the next sign-in tries again.
   */
  async function signedIn(ctx: AppContext, user: User): Promise<void> {
    const deviceHash = createHash('sha256')
      .update(`${user.id}:${deviceId(ctx)}`)
      .digest('hex')
    try {
      const notice = await ctx.state.em.transactional((tx) => remember(tx, user, deviceHash, ctx))
      if (notice) await deps.notifications.publishCreated(notice)
    } catch (err) {
      deps.logger.error({ err, userId: user.id }, 'could not remember the browser of a sign-in')
    }
  }

  async function remember(tx: EntityManager, user: User, deviceHash: string, ctx: AppContext): Promise<Notification | null> {
    const seen = await tx.nativeUpdate(KnownDevice, { userId: user.id, deviceHash }, { lastSeenAt: new Date() })
    if (seen > 0) return null
    const others = await tx.count(KnownDevice, { userId: user.id })
    const inserted = await tx
      .createQueryBuilder(KnownDevice)
      .insert({ userId: user.id, deviceHash })
      .onConflict(['userId', 'deviceHash'])
      .ignore()
      .execute('run')
    // another sign-in from this browser got there first and announced it
    if (inserted.affectedRows === 0 || others === 0) return null
    const details = { when: new Date(), device: deviceName(ctx.get('user-agent') || null), ip: clientIp(ctx) }
    await deps.mailer.send(
      tx,
      newSignInEmail(user.email, user.username, details, {
        forgotPassword: `${deps.publicUrl}/forgot-password`,
        settings: `${deps.publicUrl}/settings`,
      }),
    )
    return deps.notifications.notify(tx, user.id, {
      type: 'new_sign_in',
      title: 'New sign-in',
      message: `Your account was signed in to from ${details.device} (IP address ${details.ip}). If it was not you, reset your password and sign out the devices you do not know in Settings.`,
    })
  }

  return { signedIn }
}
export type KnownDevices = ReturnType<typeof createKnownDevices>
