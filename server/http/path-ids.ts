import { notFound } from './errors'

/** The largest id a `serial` column holds. */
const MAX_SERIAL = 2_147_483_647

/**
 * A serial id from a path segment. Anything that cannot be one (letters, zero, too long or too large) is that
 * resource's own 404 with `message`, as an id that does not exist would be: a malformed id says nothing more.
 */
export function serialOrNotFound(raw: string | undefined, message: string): number {
  const id = /^\d{1,10}$/.test(raw ?? '') ? Number(raw) : NaN
  if (!(id >= 1 && id <= MAX_SERIAL)) throw notFound(message)
  return id
}
