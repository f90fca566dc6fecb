import type { EntityManager } from '@mikro-orm/postgresql'
import { CONTACT_PAGE_SIZE, type ContactMessageDto } from '@shared/api/contact'
import type { Logger } from '../../logger'
import type { Mailer, MailMessage } from '../email/mailer'
import { User } from '../users/user.entity'
import { ContactMessage } from './contact-message.entity'

export interface ContactInput {
  name: string
  email: string
  subject: string
  message: string
}

/** The email each admin gets; Reply-To is not set by the mailer, so the sender's address is in the text to answer. */
export function contactEmail(to: string, message: ContactMessage, publicUrl: string): MailMessage {
  return {
    to,
    subject: `Contact form: ${message.subject}`,
    text: [
      `${message.name} <${message.email}> wrote through the contact form:`,
      '',
      message.message,
      '',
      `Answer by writing to ${message.email}. Every message is also listed at ${publicUrl}/admin/contact`,
    ].join('\n'),
  }
}

function toDto(message: ContactMessage): ContactMessageDto {
  return {
    id: message.id,
    name: message.name,
    email: message.email,
    subject: message.subject,
    message: message.message,
    user: message.user ? { id: message.user.id, username: message.user.username } : null,
    createdAt: message.createdAt.toISOString(),
  }
}

export interface ContactDeps {
  mailer: Mailer
  logger: Logger
  publicUrl: string
}

/** Contact messages: stored first, then mailed to every admin, so a mail failure never loses a message. */
export class ContactService {
  constructor(private readonly deps: ContactDeps) {}

  async send(em: EntityManager, input: ContactInput, userId: number | null): Promise<ContactMessage> {
    const message = em.create(ContactMessage, { ...input, user: userId === null ? null : em.getReference(User, userId), createdAt: new Date() })
    await em.flush()
    await this.notifyAdmins(em, message)
    return message
  }

  private async notifyAdmins(em: EntityManager, message: ContactMessage): Promise<void> {
    const admins = await em.find(User, { isAdmin: true, bannedAt: null, deletedAt: null }, { fields: ['email'], orderBy: { id: 'asc' } })
    for (const admin of admins) {
      try {
        await this.deps.mailer.send(em, contactEmail(admin.email, message, this.deps.publicUrl))
      } catch (err) {
        // the message is stored and listed in the admin area; one unreachable mailbox must not fail the sender
        this.deps.logger.warn({ err, contactMessageId: message.id }, 'contact message not mailed to an admin')
      }
    }
  }

  async list(em: EntityManager, page: number): Promise<{ items: ContactMessageDto[]; total: number }> {
    const [items, total] = await em.findAndCount(
      ContactMessage,
      {},
      { orderBy: { id: 'desc' }, limit: CONTACT_PAGE_SIZE, offset: (page - 1) * CONTACT_PAGE_SIZE, populate: ['user'] },
    )
    return { items: items.map(toDto), total }
  }
}
