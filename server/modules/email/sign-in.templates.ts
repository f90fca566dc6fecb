import type { MailMessage } from './mailer'

/** To the owner of an account whose sign-in just locked: the one-time link that lifts the lock. */
export function accountLockedEmail(
  to: string,
  username: string,
  unlockLink: string,
  limits: { failures: number; windowMinutes: number; unlockLinkMinutes: number },
): MailMessage {
  return {
    to,
    subject: 'Sign-in to your Handover account is locked',
    text: [
      `Hi ${username},`,
      '',
      `Someone failed to sign in to your Handover account ${limits.failures} times within ${limits.windowMinutes} minutes, so signing in with the password is locked.`,
      'If it was you, open this link to unlock the account, then sign in as usual:',
      unlockLink,
      '',
      `The link works once and expires in ${limits.unlockLinkMinutes} minutes. With two-factor sign-in on, you can still sign in:`,
      'your password and a second factor unlock the account too.',
      '',
      'If it was not you, someone may be guessing your password. Leave the account locked or, if your password is',
      'used anywhere else, change it there and here after unlocking.',
    ].join('\n'),
  }
}

export interface SignInDetails {
  when: Date
  /** "Chrome on Windows", as the list of sessions names it */
  device: string
  ip: string
}

/** A sign-in from a browser this account has not signed in from before. */
export function newSignInEmail(
  to: string,
  username: string,
  details: SignInDetails,
  links: { forgotPassword: string; settings: string },
): MailMessage {
  return {
    to,
    subject: 'New sign-in to your Handover account',
    text: [
      `Hi ${username},`,
      '',
      'Your Handover account was just signed in to from a device or browser it has not used before:',
      '',
      `When: ${formatWhen(details.when)}`,
      `Device: ${details.device}`,
      `IP address: ${details.ip}`,
      '',
      'If it was you, there is nothing to do.',
      '',
      'If it was not you, reset your password now:',
      links.forgotPassword,
      'then review the devices signed in to your account in Settings, and sign out the ones you do not know:',
      links.settings,
    ].join('\n'),
  }
}

/** "2 December 2026, 14:05 UTC": one time zone for everyone, named, since the server does not know the reader's. */
function formatWhen(when: Date): string {
  const date = when.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
  const time = when.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC', hour12: false })
  return `${date}, ${time} UTC`
}
