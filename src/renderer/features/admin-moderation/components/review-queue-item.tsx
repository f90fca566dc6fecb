import { useId, useState } from 'react'
import { Link } from 'react-router-dom'
import { rejectListingSchema, type ListingDto } from '@shared/api/listings'
import { formatCount, formatMoney, formatRelativeTime } from '@shared/format'
import { PLATFORMS } from '@/config/platforms'
import { imageSrc } from '@/lib/image-src'
import { paths } from '@/config/paths'
import { Button } from '@/components/ui/button'
import { Badge } from '@/components/ui/badge'

interface ReviewQueueItemProps {
  listing: ListingDto
  busy: boolean
  onApprove(): void
  onReject(reason: string): void
}

/** One submission: what the seller claims, with approve, or reject with a reason the seller will read. */
export function ReviewQueueItem({ listing, busy, onApprove, onReject }: ReviewQueueItemProps) {
  const [rejecting, setRejecting] = useState(false)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | null>(null)
  const reasonId = useId()
  const platform = PLATFORMS[listing.platform]

  function submitReject() {
    const parsed = rejectListingSchema.safeParse({ reason })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Give a reason')
      return
    }
    setError(null)
    onReject(parsed.data.reason)
  }

  return (
    <li className="rounded-2xl border bg-card p-4 shadow-xs" data-testid="review-item">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <span className="rounded-full px-2 py-0.5 text-xs font-semibold text-white" style={{ backgroundColor: platform.badgeColor }}>
              {platform.label}
            </span>
            {listing.isVerified && <Badge variant="secondary">Verified</Badge>}
            {listing.isMonetized && <Badge variant="secondary">Monetized</Badge>}
          </div>
          <h3 className="mt-2 text-base font-semibold">
            <Link to={paths.listing(listing.id)} className="hover:underline">
              {listing.accountTitle}
            </Link>
          </h3>
          <p className="text-sm text-muted-foreground">
            @{listing.username} · {listing.niche} · by {listing.seller.username} · submitted {formatRelativeTime(listing.createdAt)}
          </p>
        </div>
        <dl className="grid grid-cols-3 gap-4 text-right text-sm">
          <div>
            <dt className="text-muted-foreground">Price</dt>
            <dd className="font-semibold">{formatMoney(listing.price)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{platform.audience}</dt>
            <dd className="font-semibold">{formatCount(listing.followers)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Income/mo</dt>
            <dd className="font-semibold">{formatMoney(listing.monthlyIncome)}</dd>
          </div>
        </dl>
      </div>
      <p className="mt-3 line-clamp-3 text-sm whitespace-pre-line text-navy-700 dark:text-navy-200">{listing.description}</p>
      {listing.images.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Images">
          {listing.images.map((image, index) => (
            <li key={`${index}-${image}`}>
              <a href={imageSrc(image)} target="_blank" rel="noreferrer noopener">
                <img
                  src={imageSrc(image)}
                  alt={`Image ${index + 1} of ${listing.images.length}`}
                  loading="lazy"
                  className="h-16 w-28 rounded-lg border object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-xs text-muted-foreground">No images</p>
      )}

      {rejecting ? (
        <div className="mt-4 space-y-2">
          <label htmlFor={reasonId} className="text-sm font-medium">
            Reason the seller will see
          </label>
          <textarea
            id={reasonId}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            rows={3}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${reasonId}-error` : undefined}
            className="w-full rounded-xl border border-input bg-card p-3 text-sm outline-none focus-visible:border-mint-500 focus-visible:ring-3 focus-visible:ring-mint-400/35 aria-invalid:border-destructive"
          />
          {error && (
            <p id={`${reasonId}-error`} className="text-sm text-destructive">
              {error}
            </p>
          )}
          <div className="flex gap-2">
            <Button variant="destructive" disabled={busy} onClick={submitReject}>
              Reject listing
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => setRejecting(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <div className="mt-4 flex gap-2">
          <Button disabled={busy} onClick={onApprove}>
            Approve
          </Button>
          <Button variant="outline" disabled={busy} onClick={() => setRejecting(true)}>
            Reject…
          </Button>
        </div>
      )}
    </li>
  )
}
