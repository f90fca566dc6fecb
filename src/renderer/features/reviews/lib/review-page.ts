/** The page of a seller's reviews lives in the URL (`?reviews=2`), so reload, Back and a shared link keep it. */
export const REVIEW_PAGE_PARAM = 'reviews'
const MAX_PAGE = 100_000

/** Anything unreadable is page 1: it came from a link or a hand edit, not from us. */
export function readReviewPage(params: URLSearchParams): number {
  const raw = params.get(REVIEW_PAGE_PARAM) ?? ''
  const page = /^\d{1,6}$/.test(raw) ? Number(raw) : 1
  return page >= 1 && page <= MAX_PAGE ? page : 1
}

/** The other parameters stay; page 1 leaves the address plain. */
export function writeReviewPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params)
  if (page > 1) next.set(REVIEW_PAGE_PARAM, String(page))
  else next.delete(REVIEW_PAGE_PARAM)
  return next
}

/** Each star's share of the reviews, in whole per cent, for the bars beside the average. */
export function starShares(byStars: readonly number[]): number[] {
  const total = byStars.reduce((sum, n) => sum + n, 0)
  return byStars.map((n) => (total === 0 ? 0 : Math.round((n / total) * 100)))
}
