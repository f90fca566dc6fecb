import { TOTAL_COUNT_HEADER } from '@shared/api/listings'

/** The list's whole size from X-Total-Count; what was loaded when the header is missing or impossible. */
export function totalOf(headers: Headers, loaded: number): number {
  const header = headers.get(TOTAL_COUNT_HEADER)
  const total = Number(header)
  return header !== null && Number.isInteger(total) && total >= loaded ? total : loaded
}

/** One page of a queue and how many wait in all. */
export interface Page<T> {
  items: T[]
  total: number
}
