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
        <Badge className="bg-sky-100 text-sky-800">
          <BadgeCheck className="size-3.5" aria-hidden="true" /> Verified
        </Badge>
      )}
      {listing.isMonetized && (
        <Badge className="bg-mint-300/35 text-mint-700">
          <DollarSign className="size-3.5" aria-hidden="true" /> Monetized
        </Badge>
      )}
      {listing.isPremium && (
        <Badge className="bg-amber-100 text-amber-800">
          <Crown className="size-3.5" aria-hidden="true" /> Premium
        </Badge>
      )}
    </div>
  )
}
