/** Page arithmetic for the grid footer ("Showing a-b of n accounts", numbered pages). */

export type PageItem = number | 'gap'

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

/** "Showing 29-56 of 120 accounts"; the last page ends at the total, an empty result shows 0-0. */
export function showingText(page: number, pageSize: number, total: number): string {
  const noun = total === 1 ? 'account' : 'accounts'
  // An old link can point past the last page: nothing on it is shown, so say so.
  if (total <= 0 || (page - 1) * pageSize >= total) return `Showing 0-0 of ${Math.max(total, 0)} ${noun}`
  const first = (page - 1) * pageSize + 1
  const last = Math.min(page * pageSize, total)
  return `Showing ${first}-${last} of ${total} ${noun}`
}

/**
 * First, last, and the current page with one neighbour each side; gaps stand in for the rest, so
 * the row stays short on a phone however many pages there are. A gap never hides a single page.
 */
export function pageItems(current: number, total: number): PageItem[] {
  if (total <= 7) return Array.from({ length: total }, (_, index) => index + 1)
  const pages = new Set([1, total, current - 1, current, current + 1].filter((page) => page >= 1 && page <= total))
  // Near an edge, widen the window so the row keeps a constant length.
  if (current <= 3) [2, 3, 4].forEach((page) => pages.add(page))
  if (current >= total - 2) [total - 3, total - 2, total - 1].forEach((page) => pages.add(page))
  const sorted = [...pages].sort((a, b) => a - b)
  const items: PageItem[] = []
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1]
    if (previous !== undefined && page - previous === 2) items.push(previous + 1)
    else if (previous !== undefined && page - previous > 2) items.push('gap')
    items.push(page)
  })
  return items
}
