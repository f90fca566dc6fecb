import type { MailMessage } from '../email/mailer'

/** Security mail about the account itself: always sent, whatever the user's preferences. */

export function emailChangeCodeEmail(to: string, username: string, code: string): MailMessage {
  return {
    to,
    subject: `Your Handover code to confirm this email address: ${code}`,
    text: [
      `Hi ${username},`,
      '',
      `Your code to make this address the email of your Handover account is ${code}.`,
      'It expires in 15 minutes. If you did not ask for this, ignore this email; nothing changes without the code.',
    ].join('\n'),
  }
}

/** Only the first letter and the domain of the new address: enough to recognise it, not to hand it out. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 1) return '***'
  return `${email[0]}***${email.slice(at)}`
}

export function emailChangedNotice(oldEmail: string, username: string, newEmail: string, supportUrl: string): MailMessage {
  return {
    to: oldEmail,
    subject: 'The email address of your Handover account was changed',
    text: [
      `Hi ${username},`,
      '',
      `The email address of your Handover account was changed to ${maskEmail(newEmail)}. Mail about your account now goes there.`,
      `If you did not make this change, contact us at once: ${supportUrl}`,
    ].join('\n'),
  }
}

export function passwordChangedNotice(to: string, username: string, resetUrl: string): MailMessage {
  return {
    to,
    subject: 'Your Handover password was changed',
    text: [
      `Hi ${username},`,
      '',
      'The password of your Handover account was just changed, and every other device was signed out.',
      `If this was not you, choose a new password at ${resetUrl} and contact us.`,
    ].join('\n'),
  }
}

export function accountDeletedNotice(to: string, username: string): MailMessage {
  return {
    to,
    subject: 'Your Handover account has been deleted',
    text: [
      `Hi ${username},`,
      '',
      'You deleted your Handover account. You have been signed out everywhere, your listings have been taken off sale,',
      'and your name and email address have been removed from it. Records of past deals and payments are kept, without',
      'them, as the law and the escrow require.',
    ].join('\n'),
  }
}
