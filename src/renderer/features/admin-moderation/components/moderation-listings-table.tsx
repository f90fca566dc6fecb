import { Link } from 'react-router-dom'
import { BadgeCheck } from 'lucide-react'
import type { ListingStatus } from '@shared/api/listings'
import type { AdminListingDto } from '@shared/api/moderation'
import { formatMoney } from '@shared/format'
import { paths } from '@/config/paths'
import { PLATFORMS } from '@/config/platforms'
import { AdminTable, type AdminColumn } from '@/components/admin/admin-table'
import { LISTING_ACTIONS, listingActions, type ListingAction } from '../lib/moderation-actions'
import { LISTING_STATUS_LABELS } from './moderation-filter-bar'
import { ActionButtons, FlagsCell, StatusPill } from './moderation-cells'

interface ModerationListingsTableProps {
  listings: AdminListingDto[]
  onAction(listing: AdminListingDto, action: ListingAction): void
}

const STATUS_TONES: Record<ListingStatus, 'good' | 'bad' | 'warn' | 'muted'> = {
  pending_review: 'warn',
  active: 'good',
  reserved: 'warn',
  suspended: 'bad',
  sold: 'muted',
  removed: 'muted',
}

const COLUMNS: AdminColumn[] = [
  { label: 'Listing' },
  { label: 'Seller' },
  { label: 'Price', className: 'text-right' },
  { label: 'Status' },
  { label: 'Violations' },
  { label: 'Actions', className: 'text-right' },
]

function ListingStatusCell({ listing }: { listing: AdminListingDto }) {
  return (
    <div className="max-w-56">
      <div className="flex flex-wrap items-center gap-1.5">
        <StatusPill tone={STATUS_TONES[listing.status]}>{LISTING_STATUS_LABELS[listing.status]}</StatusPill>
        {listing.isVerified && (
          <span className="inline-flex items-center gap-1 text-xs font-semibold text-mint-700 dark:text-mint-400">
            <BadgeCheck className="size-3.5" aria-hidden="true" /> Verified
          </span>
        )}
      </div>
      {listing.status === 'reserved' && <p className="mt-1 text-xs text-muted-foreground">In a running deal</p>}
      {listing.rejectionReason && (listing.status === 'suspended' || listing.status === 'removed') && (
        <p className="mt-1 truncate text-xs text-muted-foreground" title={listing.rejectionReason}>
          {listing.rejectionReason}
        </p>
      )}
    </div>
  )
}

/** Listings in every status, newest first, with what an admin may do to each. */
export function ModerationListingsTable({ listings, onAction }: ModerationListingsTableProps) {
  return (
    <AdminTable columns={COLUMNS} className="min-w-[56rem]">
      {listings.map((listing) => {
        const platform = PLATFORMS[listing.platform]
        return (
          <tr key={listing.id} data-testid="moderation-listing-row">
            <td className="max-w-72 px-4 py-3">
              <Link to={paths.listing(listing.id)} className="font-semibold hover:underline">
                {listing.accountTitle}
              </Link>
              <span className="mt-0.5 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
                <span className="rounded-full px-1.5 py-px font-semibold text-white" style={{ backgroundColor: platform.badgeColor }}>
                  {platform.label}
                </span>
                @{listing.username} · #{listing.id}
              </span>
            </td>
            <td className="px-4 py-3">
              {listing.seller.username}
              <span className="block text-xs text-muted-foreground">#{listing.seller.id}</span>
            </td>
            <td className="px-4 py-3 text-right font-semibold whitespace-nowrap">{formatMoney(listing.price)}</td>
            <td className="px-4 py-3">
              <ListingStatusCell listing={listing} />
            </td>
            <td className="px-4 py-3">
              <FlagsCell flags={listing.flags} lastFlag={listing.lastFlag} />
            </td>
            <td className="px-4 py-3">
              <ActionButtons
                actions={listingActions(listing)}
                copyOf={(action) => LISTING_ACTIONS[action](listing.accountTitle)}
                target={`listing ${listing.id}`}
                onAction={(action) => onAction(listing, action)}
              />
            </td>
          </tr>
        )
      })}
    </AdminTable>
  )
}
