import nodemailer, { type Transporter } from 'nodemailer'
import type { EntityManager } from '@mikro-orm/postgresql'
import type { Logger } from '../../logger'
import { OutboxEmail } from './email.entity'

export interface MailMessage {
  to: string
  subject: string
  text: string
}

export interface MailCheck {
  transport: 'smtp' | 'outbox'
  ok: boolean
  message: string
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox'
  /** em: the caller's EntityManager, so an outbox row commits with the change that caused it */
  send(em: EntityManager, message: MailMessage): Promise<void>
  check(em: EntityManager): Promise<MailCheck>
  close(): void
}

/** nodemailer over SMTP when configured; otherwise mail is printed to the log and kept in the outbox table. */
export function createMailer(options: { smtpUrl?: string; from: string; logger: Logger }): Mailer {
  if (options.smtpUrl) return smtpMailer(nodemailer.createTransport(options.smtpUrl), options.from, smtpAddress(options.smtpUrl))
  return outboxMailer(options.logger)
}

/** host:port of the SMTP server, never its credentials (checks name it to admins). */
function smtpAddress(smtpUrl: string): string {
  const url = new URL(smtpUrl)
  return `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? '465' : '587')}`
}

function smtpMailer(transporter: Transporter, from: string, address: string): Mailer {
  return {
    transport: 'smtp',
    async send(_em, message) {
      await transporter.sendMail({ from, ...message })
    },
    async check() {
      try {
        await transporter.verify()
        return { transport: 'smtp', ok: true, message: `SMTP server at ${address} accepted the connection` }
      } catch (err) {
        return { transport: 'smtp', ok: false, message: `SMTP server at ${address} unreachable: ${(err as Error).message}` }
      }
    },
    close() {
      transporter.close()
    },
  }
}

/**
 * Without SMTP the person running the server is the only one who may read the mail: the terminal shows it in full
 * (the code or link is what a first run needs), and the outbox keeps it for admins. Never a public page: it holds
 * live reset links and sign-up codes.
 */
function outboxMailer(logger: Logger): Mailer {
  return {
    transport: 'outbox',
    async send(em, message) {
      em.create(OutboxEmail, { ...message, createdAt: new Date() })
      await em.flush()
      logger.info(
        { mail: { to: message.to, subject: message.subject } },
        `email to ${message.to} (no SMTP_URL, not sent): ${message.subject}\n${message.text}`,
      )
    },
    async check(em) {
      try {
        const count = await em.count(OutboxEmail, {})
        return {
          transport: 'outbox',
          ok: true,
          message: `Outbox mode: no SMTP server configured; ${count} message(s) kept for admins at /email/preview`,
        }
      } catch (err) {
        return { transport: 'outbox', ok: false, message: `Outbox unavailable: ${(err as Error).message}` }
      }
    },
    close() {},
  }
}
