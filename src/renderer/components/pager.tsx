import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '@/components/ui/button'

/** Previous / Next with "Page n of m"; nothing when everything fits on one page. */
export function Pager({
  page,
  pages,
  onPage,
  label = 'Pagination',
}: {
  page: number
  pages: number
  onPage: (page: number) => void
  label?: string
}) {
  if (pages <= 1) return null
  return (
    <nav aria-label={label} className="flex items-center gap-2">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {/* on the narrowest phones the arrows alone, so "Page 12 of 14" and both buttons fit on one line */}
        <ChevronLeft aria-hidden="true" /> <span className="max-[400px]:sr-only">Previous</span>
      </Button>
      <span className="text-sm whitespace-nowrap text-muted-foreground">
        Page {page} of {pages}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <span className="max-[400px]:sr-only">Next</span> <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  )
}

/** "Showing 21-40 of 45"; a page past the end shows 0-0. */
export function showingText(page: number, pageSize: number, total: number, noun = ''): string {
  const suffix = noun ? ` ${noun}` : ''
  if (total <= 0 || (page - 1) * pageSize >= total) return `Showing 0-0 of ${Math.max(total, 0)}${suffix}`
  return `Showing ${(page - 1) * pageSize + 1}-${Math.min(page * pageSize, total)} of ${total}${suffix}`
}
