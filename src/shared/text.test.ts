import { describe, expect, it } from 'vitest'
import { contactMessageSchema } from './api/contact'
import { messageContentSchema } from './api/conversations'
import { refundOrderRequestSchema } from './api/admin-payments'
import { rejectWithdrawalSchema } from './api/payments'
import { disputeRequestSchema, resolveRequestSchema } from './api/transactions'
import { showsAtLeast, visibleCharacters } from './text'

const INVISIBLE = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u202e', '\u00a0', '\u3000', '\u0007']

describe('text a reader sees', () => {
  it('leaves out spaces, control and format characters, and counts an emoji as one', () => {
    expect(visibleCharacters(` a${INVISIBLE.join('')}b `)).toBe('ab')
    expect(showsAtLeast('😀😀😀', 3)).toBe(true)
    expect(showsAtLeast('a\u200bb\u200b', 3)).toBe(false)
    expect(showsAtLeast('', 0)).toBe(true)
  })

  it('is what the reasons and notes people are told need: invisible ones are refused with the same message as empty ones', () => {
    const blank = INVISIBLE.join('').repeat(3)
    const cases: [string, { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, unknown][] = [
      ['dispute reason', disputeRequestSchema, { reason: blank }],
      ['resolution note', resolveRequestSchema, { note: blank }],
      ['withdrawal rejection', rejectWithdrawalSchema, { reason: blank }],
      ['refund reason', refundOrderRequestSchema, { reason: blank }],
      ['chat message', messageContentSchema, blank],
    ]
    const messages = Object.fromEntries(cases.map(([name, schema, value]) => [name, schema.safeParse(value).error?.issues[0]?.message ?? 'accepted']))
    expect(messages).toEqual({
      'dispute reason': 'Tell us what went wrong (at least 10 characters)',
      'resolution note': 'Write a note for the parties',
      'withdrawal rejection': 'Give the user a reason',
      'refund reason': 'Say why the payment is refunded',
      'chat message': 'Message cannot be empty',
    })
    expect(rejectWithdrawalSchema.safeParse({ reason: 'Bad IBAN' }).success).toBe(true)
    expect(
      contactMessageSchema.safeParse({ name: blank, email: 'a@b.example', subject: 'Hello there', message: 'A question about a deal' }).success,
    ).toBe(false)
  })
})
