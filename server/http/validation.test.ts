import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { withdrawalRequestSchema } from '@shared/api/payments'
import { issueMessage, parseObject } from './validation'

const messageFor = (schema: z.ZodType, input: unknown) => {
  try {
    parseObject(schema, input)
  } catch (err) {
    return (err as Error).message
  }
  throw new Error('the input passed')
}

describe('issueMessage', () => {
  it('names the field that is missing or of the wrong type instead of zod’s generic words', () => {
    expect(messageFor(withdrawalRequestSchema, { amount: '10.00' })).toBe('destination is required')
    expect(messageFor(withdrawalRequestSchema, { amount: '10.00', destination: 5 })).toBe('destination must be text')
    const nested = z.object({ filters: z.object({ tags: z.array(z.string()), limit: z.number() }) })
    expect(messageFor(nested, { filters: { tags: 'a', limit: 1 } })).toBe('filters.tags must be a list')
    expect(messageFor(nested, { filters: { tags: [], limit: '1' } })).toBe('filters.limit must be a number')
  })

  it('keeps a schema’s own message, and answers the fallback when there is no issue', () => {
    expect(messageFor(withdrawalRequestSchema, { amount: '10.00', destination: 'not an email' })).toBe('Enter the email of your payout account')
    expect(messageFor(z.object({ name: z.string({ error: 'Give it a name' }) }), {})).toBe('Give it a name')
    expect(issueMessage(undefined)).toBe('Invalid request')
    expect(issueMessage(undefined, 'Invalid query')).toBe('Invalid query')
  })
})
