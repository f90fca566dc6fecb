import { UniqueConstraintViolationException } from '@mikro-orm/core'
import type { ListingStatus } from '@shared/api/listings'

/** One open listing per platform and handle: the partial unique index `listings_open_handle_unique`. */
export const OPEN_HANDLE_INDEX = 'listings_open_handle_unique'

/** The statuses that index covers (a listing reserved by a running deal still holds its handle). */
export const OPEN_HANDLE_STATUSES: readonly ListingStatus[] = ['pending_review', 'active', 'reserved']

/** The same statuses as an SQL list, for `status in …` */
export const OPEN_HANDLE_STATUS_LIST = `(${OPEN_HANDLE_STATUSES.map((status) => `'${status}'`).join(', ')})`

/** Whether a failed write was the index refusing a second open listing of the same account. */
export const isOpenHandleViolation = (err: unknown) =>
  err instanceof UniqueConstraintViolationException &&
  ((err as { constraint?: string }).constraint === OPEN_HANDLE_INDEX || err.message.includes(OPEN_HANDLE_INDEX))
