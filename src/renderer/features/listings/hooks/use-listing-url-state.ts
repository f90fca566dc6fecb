import { useCallback, useMemo, useRef } from 'react'
import { useSearchParams } from 'react-router-dom'
import { parseListingSearch, writeListingSearch, type ListingFilters } from '../lib/url-state'

export interface UpdateOptions {
  /** Replace the history entry instead of pushing one (typing in search should not flood Back). */
  replace?: boolean
}

/** The grid's state as read from and written to the URL query. */
export function useListingUrlState() {
  const [searchParams, setSearchParams] = useSearchParams()
  const filters = useMemo(() => parseListingSearch(searchParams), [searchParams])
  // react-router hands a functional update the params of the last render, so two changes before the
  // next render (pick a platform, then a sort at once) would drop the first; keep the latest written.
  const latest = useRef(searchParams)
  const rendered = useRef(searchParams)
  if (rendered.current !== searchParams) {
    rendered.current = searchParams
    latest.current = searchParams
  }

  /** Merges `patch` into the URL; any change other than the page itself starts again at page 1. */
  const update = useCallback(
    (patch: Partial<ListingFilters>, options: UpdateOptions = {}) => {
      const current = latest.current
      const next: ListingFilters = { ...parseListingSearch(current), ...patch }
      if (patch.page === undefined) next.page = 1
      const written = writeListingSearch(next, current)
      latest.current = written
      setSearchParams(written, { replace: options.replace ?? false, preventScrollReset: true })
    },
    [setSearchParams],
  )

  return { filters, update }
}
