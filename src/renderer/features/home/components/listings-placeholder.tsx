import { LayoutGrid, X } from 'lucide-react'
import { LISTINGS_ANCHOR } from '@/config/paths'
import { PLATFORMS, type PlatformId } from '@/config/platforms'
import { Button } from '@/components/ui/button'

interface ListingsPlaceholderProps {
  platform: PlatformId | null
  onClearPlatform: () => void
}

/** The anchor the Browse buttons scroll to; the filterable grid replaces the card with the catalogue. */
export function ListingsPlaceholder({ platform, onClearPlatform }: ListingsPlaceholderProps) {
  const label = platform ? PLATFORMS[platform].label : null
  return (
    <section id={LISTINGS_ANCHOR} aria-labelledby="listings-title" className="bg-card py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id="listings-title" className="text-2xl font-bold tracking-tight sm:text-3xl">Accounts for sale</h2>
            <p className="mt-2 text-muted-foreground">Every purchase is protected by escrow from payment to handover.</p>
          </div>
          {label && (
            <Button variant="outline" size="sm" onClick={onClearPlatform} aria-label={`Clear platform filter ${label}`}>
              Platform: {label} <X aria-hidden="true" />
            </Button>
          )}
        </div>
        <div className="mt-8 flex flex-col items-center rounded-2xl border-2 border-dashed border-navy-200 bg-background px-6 py-16 text-center">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-navy-900 text-mint-400">
            <LayoutGrid className="size-7" aria-hidden="true" />
          </span>
          <p className="mt-5 text-lg font-semibold">Listings arrive with the catalogue</p>
          <p className="mt-2 max-w-md text-sm text-muted-foreground">
            {label
              ? `${label} accounts will appear here with search, filters and escrow-protected checkout.`
              : 'Accounts from every platform will appear here with search, filters and escrow-protected checkout.'}
          </p>
        </div>
      </div>
    </section>
  )
}
