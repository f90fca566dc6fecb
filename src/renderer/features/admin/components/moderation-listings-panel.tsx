import { useCallback, useState } from 'react'
import type { AdminListingDto } from '@shared/api/moderation'
import { toast } from '@/hooks/use-toast'
import { describeError } from '@/lib/api-client'
import { useModerationListings } from '../api/get-moderation-listings'
import { useModerateListing } from '../api/moderate-listing'
import { actionBody, LISTING_ACTIONS, REASON_RULES, type ListingAction } from '../lib/moderation-actions'
import { DecisionDialog } from './decision-dialog'
import { ModerationListingsTable } from './moderation-listings-table'
import { ModerationResults } from './moderation-results'
import type { ModerationPanelProps } from './moderation-users-panel'

/** The Listings tab: every listing for the URL's search, and each row action asked first in a dialog. */
export function ModerationListingsPanel({ search, onSearch }: ModerationPanelProps) {
  const list = useModerationListings(search)
  const moderate = useModerateListing()
  const [pending, setPending] = useState<{ listing: AdminListingDto; action: ListingAction } | null>(null)
  const copy = pending ? LISTING_ACTIONS[pending.action](pending.listing.accountTitle) : null
  const onPage = useCallback((page: number, replace?: boolean) => onSearch({ page }, replace), [onSearch])

  function open(listing: AdminListingDto, action: ListingAction) {
    moderate.reset()
    setPending({ listing, action })
  }

  function confirm(text: string | undefined) {
    if (!pending || !copy) return
    moderate.mutate(
      { id: pending.listing.id, action: pending.action, body: actionBody(copy.reason, text) },
      {
        onSuccess: () => {
          setPending(null)
          toast({ variant: 'success', title: copy.done, description: pending.listing.accountTitle })
        },
      },
    )
  }

  return (
    <>
      <ModerationResults
        list={list}
        page={search.page}
        noun="listings"
        filtered={search.q !== '' || search.status !== 'all' || search.flagged}
        onPage={onPage}
        onClear={() => onSearch({ q: '', status: 'all', flagged: false })}
      >
        {(listings) => <ModerationListingsTable listings={listings} onAction={open} />}
      </ModerationResults>
      {pending && copy && (
        <DecisionDialog
          key={`${pending.listing.id}:${pending.action}`}
          open
          onOpenChange={(next) => !next && setPending(null)}
          title={copy.title}
          description={copy.description}
          confirmLabel={copy.confirm}
          destructive={copy.destructive}
          note={{ label: copy.field, schema: REASON_RULES[copy.reason] }}
          busy={moderate.isPending}
          error={moderate.error ? describeError(moderate.error, 'The action failed. Please try again.') : null}
          onConfirm={confirm}
        />
      )}
    </>
  )
}
