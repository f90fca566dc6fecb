import { BadgeCheck, Crown, DollarSign } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/utils'
import type { Listing } from '../types'

type Flags = Pick<Listing, 'isVerified' | 'isMonetized' | 'isPremium'>

/** Verified, Monetized and Premium, in that order, only for the flags that are set. */
export function ListingBadges({ listing, className }: { listing: Flags; className?: string }) {
  if (!listing.isVerified && !listing.isMonetized && !listing.isPremium) return null
  return (
    <div className={cn('flex flex-wrap gap-1.5', className)}>
      {listing.isVerified && (
        <Badge className="bg-sky-100 dark:bg-sky-900/40 text-sky-800 dark:text-sky-200">
          <BadgeCheck className="size-3.5" aria-hidden="true" /> Verified
        </Badge>
      )}
      {listing.isMonetized && (
        <Badge className="bg-mint-300/35 dark:bg-mint-400/10 text-mint-700 dark:text-mint-400">
          <DollarSign className="size-3.5" aria-hidden="true" /> Monetized
        </Badge>
      )}
      {listing.isPremium && (
        <Badge className="bg-amber-100 dark:bg-amber-900/40 text-amber-800 dark:text-amber-200">
          <Crown className="size-3.5" aria-hidden="true" /> Premium
        </Badge>
      )}
    </div>
  )
}
