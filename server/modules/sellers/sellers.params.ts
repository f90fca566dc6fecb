import { TOP_SELLERS_MAX_LIMIT } from '@shared/api/listings'
import { badRequest } from '../../http/errors'
import { serialOrNotFound } from '../../http/path-ids'

export const TOP_SELLERS_DEFAULT_LIMIT = 20

export const SELLER_MESSAGES = {
  notFound: 'Seller not found',
  limit: `limit must be a whole number from 1 to ${TOP_SELLERS_MAX_LIMIT}`,
} as const

/** `?limit=` of the top sellers: absent means the default; anything else out of 1–100 is a 400, never clamped. */
export function parseTopSellersLimit(raw: string | string[] | undefined): number {
  if (raw === undefined) return TOP_SELLERS_DEFAULT_LIMIT
  const limit = typeof raw === 'string' && /^\d{1,3}$/.test(raw.trim()) ? Number(raw.trim()) : NaN
  if (!(limit >= 1 && limit <= TOP_SELLERS_MAX_LIMIT)) throw badRequest(SELLER_MESSAGES.limit, 'validation_error')
  return limit
}

/** A seller id from the path; anything that cannot be a user id is simply not found. */
export function parseSellerId(raw: string | undefined): number {
  return serialOrNotFound(raw, SELLER_MESSAGES.notFound)
}
