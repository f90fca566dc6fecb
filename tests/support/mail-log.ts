/**
 * Mail as a server without SMTP_URL prints it: one JSON log line per message, `mail: {to, subject}` and the text
 * after the first line of `msg`. Read from a test server's `logTo` or a server process's output.
 */
export interface LoggedMail {
  to: string
  subject: string
  text: string
}

export function loggedMails(lines: readonly string[]): LoggedMail[] {
  const mails: LoggedMail[] = []
  for (const line of lines) {
    const entry = parseLine(line)
    const mail = entry?.mail as { to?: unknown; subject?: unknown } | undefined
    if (typeof mail?.to !== 'string' || typeof mail.subject !== 'string' || typeof entry?.msg !== 'string') continue
    mails.push({ to: mail.to, subject: mail.subject, text: entry.msg.slice(entry.msg.indexOf('\n') + 1) })
  }
  return mails
}

/** The 6-digit code of the newest verification mail to this address in the log, if there is one. */
export function loggedCode(lines: readonly string[], to: string): string | undefined {
  const mail = loggedMails(lines)
    .reverse()
    .find((m) => m.to === to.toLowerCase() && /verification code/.test(m.subject))
  return mail && /\b(\d{6})\b/.exec(mail.subject)?.[1]
}

function parseLine(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line)
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}
