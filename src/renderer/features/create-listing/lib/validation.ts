import type { z } from 'zod'
import { LISTING_WRITE_MESSAGES, listingInputSchema, listingUpdateSchema } from '@shared/api/listings'
import type { ListingField } from './form-values'

export type ListingFieldErrors = Partial<Record<ListingField, string>>

export interface ValidationResult {
  ok: boolean
  fields: ListingFieldErrors
  /** a problem with the request as a whole ("Nothing to change") */
  form?: string
}

function check(schema: z.ZodType, input: Record<string, unknown>): ValidationResult {
  const result = schema.safeParse(input)
  if (result.success) return { ok: true, fields: {} }
  const fields: Record<string, string> = {}
  let form: string | undefined
  for (const issue of result.error.issues) {
    const field = issue.path[0]
    if (typeof field !== 'string') form ??= issue.message
    // the first message per field is the one shown under it
    else fields[field] ??= issue.message
  }
  return { ok: false, fields, form }
}

/** The shared schemas the server enforces, so every message here is the server's own. */
export const validateCreate = (input: Record<string, unknown>) => check(listingInputSchema, input)
export const validateUpdate = (input: Record<string, unknown>) => check(listingUpdateSchema, input)

type WriteMessage = keyof typeof LISTING_WRITE_MESSAGES

const FIELD_OF_MESSAGE: Partial<Record<WriteMessage, ListingField>> = {
  platform: 'platform',
  handleRequired: 'username',
  handleChars: 'username',
  handleLong: 'username',
  duplicate: 'username',
  displayName: 'displayName',
  niche: 'niche',
  title: 'accountTitle',
  description: 'description',
  price: 'price',
  followers: 'followers',
  income: 'monthlyIncome',
  images: 'images',
  imageUrl: 'images',
}

/** Which field a server message is about, when it is one of the shared rule messages. */
export function fieldOfServerMessage(message: string): ListingField | undefined {
  const key = (Object.keys(FIELD_OF_MESSAGE) as WriteMessage[]).find((k) => LISTING_WRITE_MESSAGES[k] === message)
  return key ? FIELD_OF_MESSAGE[key] : undefined
}
