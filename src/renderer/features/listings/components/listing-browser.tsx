import { useAtom } from 'jotai'
import { PAGE_SIZE, SKELETON_COUNT } from '@shared/constants'
import { LISTINGS_ANCHOR } from '@/config/paths'
import { scrollToSection } from '@/lib/scroll'
import { cn } from '@/lib/utils'
import { useListings } from '../api/get-listings'
import { advancedFiltersOpenAtom } from '../atoms'
import { useListingUrlState } from '../hooks/use-listing-url-state'
import { pageCount, showingText } from '../lib/pagination'
import { clearedFilters, hasAnyFilter, toListingsQuery, type ListingFilters } from '../lib/url-state'
import { AdvancedFilters, draftKey } from './advanced-filters'
import { ListingCard, ListingCardSkeleton } from './listing-card'
import { ListingToolbar } from './listing-toolbar'
import { Pagination } from './pagination'
import { LoadError, NoAccounts, NoResults } from './result-states'

const GRID = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4'

/**
 * Search, filters, the card grid and paging; everything it shows is derived from the URL, and from `pending`, filters
 * the page is about to put in the URL (a landing page's platform) and shows already.
 */
export function ListingBrowser({ pending }: { pending?: Partial<ListingFilters> }) {
  const { filters: inUrl, update } = useListingUrlState()
  const filters = pending ? { ...inUrl, ...pending } : inUrl
  const [advancedOpen, setAdvancedOpen] = useAtom(advancedFiltersOpenAtom)
  const listings = useListings(toListingsQuery(filters))
  const total = listings.data?.total ?? 0
  const pages = pageCount(total, PAGE_SIZE)

  const clearAll = () => update(clearedFilters(filters))
  const goToPage = (page: number) => {
    update({ page })
    // New page, new cards: start reading from the top of the grid, not the pagination row.
    scrollToSection(LISTINGS_ANCHOR)
  }

  return (
    <div className="mt-8">
      <ListingToolbar filters={filters} advancedOpen={advancedOpen} onToggleAdvanced={() => setAdvancedOpen((open) => !open)} onChange={update} />
      {advancedOpen && (
        <AdvancedFilters
          key={draftKey(filters)}
          filters={filters}
          onApply={(draft) => {
            update(draft)
            setAdvancedOpen(false)
          }}
          onClearAll={clearAll}
        />
      )}
      <div className="mt-6" aria-live="polite" aria-busy={listings.isFetching}>
        {listings.isPending ? (
          <ul className={GRID} aria-label="Loading accounts">
            {Array.from({ length: SKELETON_COUNT }, (_, index) => (
              <li key={index}>
                <ListingCardSkeleton />
              </li>
            ))}
          </ul>
        ) : listings.isError ? (
          <LoadError message={listings.error.message} onRetry={() => void listings.refetch()} />
        ) : total === 0 && filters.q ? (
          <NoResults query={filters.q} onClearSearch={() => update({ q: '' })} />
        ) : total === 0 ? (
          <NoAccounts platform={filters.platform} onClearFilters={hasAnyFilter(filters) ? clearAll : undefined} />
        ) : (
          <>
            <p className="mb-4 text-sm text-muted-foreground">{showingText(filters.page, PAGE_SIZE, total)}</p>
            {filters.page > pages && (
              <p className="mb-4 text-sm">
                This page no longer exists.{' '}
                <button type="button" className="font-semibold text-mint-700 dark:text-mint-400 underline" onClick={() => goToPage(pages)}>
                  Go to page {pages}
                </button>
              </p>
            )}
            <ul className={cn(GRID, listings.isPlaceholderData && 'opacity-60 transition-opacity')}>
              {listings.data.items.map((listing) => (
                <li key={listing.id}>
                  <ListingCard listing={listing} />
                </li>
              ))}
            </ul>
            <div className="mt-8">
              <Pagination page={filters.page} pages={pages} onPage={goToPage} />
            </div>
          </>
        )}
      </div>
    </div>
  )
}
