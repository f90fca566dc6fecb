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

/** To the owner of an email someone signed up with: the sign-up itself is answered as if the email were new. */
export function signupAttemptEmail(to: string, username: string, forgotPasswordLink: string): MailMessage {
  return {
    to,
    subject: 'Someone tried to sign up with your email',
    text: [
      `Hi ${username},`,
      '',
      'Someone tried to create a new Handover account with this email address, but an account already exists for it: yours.',
      'No new account was created. You can sign in as usual, or reset your password here if you have forgotten it:',
      forgotPasswordLink,
      '',
      'If it was you, you can ignore this email.',
    ].join('\n'),
  }
}
