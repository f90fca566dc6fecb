/** ?page= as a page number; anything that is not a whole number from 1 is the first page. */
export function pageParam(value: string | null): number {
  const page = Number(value)
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1
}

/** The search string for a page: the first page has no parameter, so /blogs stays its one address. */
export function pageSearch(page: number): string {
  return page > 1 ? `?page=${page}` : ''
}
