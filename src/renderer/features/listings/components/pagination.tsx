import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { pageItems } from '../lib/pagination'

interface PaginationProps {
  page: number
  pages: number
  onPage: (page: number) => void
}

/** Numbered pages with Previous/Next (SPEC §2); hidden when everything fits on one page. */
export function Pagination({ page, pages, onPage }: PaginationProps) {
  if (pages <= 1) return null
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-1.5">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft aria-hidden="true" /> <span className="sr-only sm:not-sr-only">Previous</span>
      </Button>
      <ol className="flex items-center gap-1">
        {pageItems(page, pages).map((item, index) =>
          item === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-navy-400">
              …
            </li>
          ) : (
            <li key={item}>
              <Button
                variant={item === page ? 'primary' : 'ghost'}
                size="sm"
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
                className="min-w-9 px-2"
                onClick={() => onPage(item)}
              >
                {item}
              </Button>
            </li>
          ),
        )}
      </ol>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        <span className="sr-only sm:not-sr-only">Next</span> <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  )
}
