import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { CONTACT_MESSAGES, contactMessageListSchema } from '../../src/shared/api/contact'
import { RATE_RULES } from '../../server/http/rate-limit'
import type { RunningServer } from '../../server/server'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { ApiClient } from '../support/http-client'
import { addUser, type TestUser } from '../support/payments'
import { startTestServer } from '../support/server'
import { startSmtpCapture, type SmtpCapture } from '../support/smtp'

let db: TestDatabase
let smtp: SmtpCapture
let server: RunningServer
let sql: pg.Client
let admin: TestUser
let secondAdmin: TestUser
let member: TestUser
let visitor: ApiClient
/** messages accepted so far from this machine's address, which every client here shares */
let accepted = 0

const VALID = {
  name: 'Dana Whitfield',
  email: 'dana@example.com',
  subject: 'Question about a YouTube handover',
  message: 'How long does the owner wait last for a YouTube channel, and can I release the money early?',
}

const storedCount = async () => (await sql.query('select count(*)::int as n from contact_messages')).rows[0].n as number

async function sendContact(client: ApiClient, body: unknown) {
  const res = await client.post('/api/contact', body)
  if (res.status === 201) accepted += 1
  return res
}

beforeAll(async () => {
  db = await createTestDatabase()
  smtp = await startSmtpCapture()
  server = await startTestServer({ databaseUrl: db.url, smtpUrl: smtp.url })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  admin = await addUser(server, 'contact_admin', { admin: true })
  secondAdmin = await addUser(server, 'contact_admin_two', { admin: true })
  member = await addUser(server, 'contact_member')
  visitor = new ApiClient(server.url, { origin: server.url })
})

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await smtp?.close()
  await db?.drop()
})

describe('the contact form', () => {
  it('refuses each invalid field with its own message, stores nothing and uses up no sends', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...VALID, name: '   ' }, CONTACT_MESSAGES.name],
      [{ ...VALID, name: 'x'.repeat(101) }, CONTACT_MESSAGES.nameLong],
      [{ ...VALID, email: 'not-an-email' }, CONTACT_MESSAGES.email],
      [{ ...VALID, subject: 'Hi' }, CONTACT_MESSAGES.subject],
      [{ ...VALID, subject: 'x'.repeat(151) }, CONTACT_MESSAGES.subjectLong],
      [{ ...VALID, message: 'Too short.' }, CONTACT_MESSAGES.message],
      [{ ...VALID, message: 'x'.repeat(5001) }, CONTACT_MESSAGES.messageLong],
    ]
    // more refusals than the limit allows sends: a typo must not count against the sender
    for (let round = 0; round < 2; round++) {
      for (const [body, message] of cases) {
        const res = await sendContact(visitor, body)
        expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400)
        expect(res.json.message).toBe(message)
      }
    }
    expect((await sendContact(visitor, { ...VALID, phone: '123' })).status).toBe(400)
    expect(await storedCount()).toBe(0)
  })

  it('stores a message and mails it to every admin', async () => {
    const mailsBefore = smtp.messages.length
    const res = await sendContact(visitor, { ...VALID, email: '  Dana@Example.com ' })
    expect(res.status, res.text).toBe(201)
    expect(res.json).toMatchObject({ message: CONTACT_MESSAGES.sent })
    const { rows } = await sql.query('select name, email, subject, message, user_id from contact_messages where id = $1', [res.json.id])
    expect(rows).toEqual([{ ...VALID, email: 'Dana@Example.com', user_id: null }])

    for (const to of [admin, secondAdmin]) {
      const mail = await smtp.waitFor(`${to.username}@example.com`, (m) => smtp.messages.indexOf(m) >= mailsBefore)
      expect(mail.subject).toBe(`Contact form: ${VALID.subject}`)
      expect(mail.text).toContain(VALID.message)
      expect(mail.text).toContain('Dana@Example.com')
    }
    expect(smtp.messages.slice(mailsBefore).some((m) => m.to.includes(`${member.username}@example.com`))).toBe(false)
  })

  it('remembers the account of a signed-in sender, and lists messages to admins only', async () => {
    expect((await sendContact(member.client, { ...VALID, subject: 'From a member' })).status).toBe(201)
    expect((await visitor.get('/api/admin/contact')).status).toBe(401)
    expect((await member.client.get('/api/admin/contact')).status).toBe(403)
    const list = await admin.client.get('/api/admin/contact')
    expect(list.status).toBe(200)
    expect(list.headers.get('x-total-count')).toBe('2')
    const messages = contactMessageListSchema.parse(list.json)
    expect(messages.map((m) => [m.subject, m.user?.username ?? null])).toEqual([
      ['From a member', member.username],
      [VALID.subject, null],
    ])
  })

  it('answers 429 past the limit per address, and stores nothing more', async () => {
    while (accepted < RATE_RULES.contact.points) expect((await sendContact(visitor, VALID)).status).toBe(201)
    const stored = await storedCount()
    const refused = await sendContact(member.client, VALID)
    expect(refused.status).toBe(429)
    expect(refused.json.message).toMatch(/^Too many messages\. Please try again in \d+ minutes?\.$/)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await storedCount()).toBe(stored)
  })
})
