import type { MailMessage } from './mailer'

export function verificationCodeEmail(to: string, username: string, code: string): MailMessage {
  return {
    to,
    subject: `Your Handover verification code: ${code}`,
    text: [
      `Hi ${username},`,
      '',
      `Your Handover verification code is ${code}.`,
      'It expires in 15 minutes. If you did not sign up, ignore this email.',
    ].join('\n'),
  }
}

export function passwordResetEmail(to: string, username: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Handover password',
    text: [
      `Hi ${username},`,
      '',
      'Someone asked to reset the password of your Handover account. Open this link to choose a new one:',
      link,
      '',
      'The link works once and expires in 30 minutes. If it was not you, ignore this email.',
    ].join('\n'),
  }
}
