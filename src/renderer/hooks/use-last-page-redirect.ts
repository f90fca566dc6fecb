import { useEffect, useRef } from 'react'

interface PagedList {
  data?: { items: readonly unknown[]; total: number }
  isPlaceholderData: boolean
}

/**
 * An old link past the last page of a list lands on the last one (with the URL replaced, so Back skips the dead page).
 * `settling` is true while the answer on screen has no rows although the list has some: the page past the end, or the
 * last one still showing the dead page's answer as its placeholder. A screen shows its loading state then, never
 * "nothing here" next to "Showing 1-3 of 3".
 */
export function useLastPageRedirect(list: PagedList, page: number, pageSize: number, goTo: (lastPage: number) => void) {
  const total = list.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const pastEnd = !list.isPlaceholderData && list.data !== undefined && total > 0 && page > pages
  const go = useRef(goTo)
  go.current = goTo
  useEffect(() => {
    if (pastEnd) go.current(pages)
  }, [pastEnd, pages])
  const settling = list.data !== undefined && list.data.items.length === 0 && total > 0
  return { total, pages, settling }
}
