import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface CapturedMail {
  to: string[]
  raw: string
  subject: string
  text: string
}

/** A real SMTP server in this process; the app sends to it over TCP like to any other. */
export async function startSmtpCapture() {
  const messages: CapturedMail[] = []
  const waiters: (() => void)[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const [head, ...body] = raw.split(/\r?\n\r?\n/)
        const subject = /^Subject: (.*)$/im.exec(head ?? '')?.[1]?.trim() ?? ''
        const text = decodeQuotedPrintable(body.join('\n\n'))
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, subject, text })
        waiters.splice(0).forEach((w) => w())
        done()
      })
    },
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const port = (server.server.address() as AddressInfo).port

  async function waitFor(to: string, predicate: (m: CapturedMail) => boolean = () => true, timeoutMs = 10_000): Promise<CapturedMail> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = [...messages].reverse().find((m) => m.to.includes(to.toLowerCase()) && predicate(m))
      if (found) return found
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`)
      await new Promise<void>((ok) => {
        waiters.push(ok)
        setTimeout(ok, 200)
      })
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor,
    /** the newest 6-digit code mailed to this address */
    async codeFor(to: string, after = 0): Promise<string> {
      const mail = await waitFor(to, (m) => messages.indexOf(m) >= after && /\b\d{6}\b/.test(m.subject))
      return /\b(\d{6})\b/.exec(mail.subject)![1]!
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  }
}

export type SmtpCapture = Awaited<ReturnType<typeof startSmtpCapture>>

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
}
