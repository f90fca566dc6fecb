import { useModerationListings } from '../api/get-moderation-listings'
import { useModerateListing } from '../api/moderate-listing'
import { LISTING_ACTIONS } from '../lib/moderation-actions'
import { ModerationListingsTable } from './moderation-listings-table'
import { ModerationPanel, type ModerationTabProps } from './moderation-panel'

/** The Listings tab: listings in every status for the URL's search; the toast names the listing, as its title does not. */
export function ModerationListingsPanel({ search, onSearch }: ModerationTabProps) {
  const list = useModerationListings(search)
  const moderate = useModerateListing()
  return (
    <ModerationPanel
      search={search}
      onSearch={onSearch}
      list={list}
      moderate={moderate}
      noun="listings"
      copyOf={(listing, action) => LISTING_ACTIONS[action](listing.accountTitle)}
      toastDescription={(listing) => listing.accountTitle}
    >
      {(listings, onAction) => <ModerationListingsTable listings={listings} onAction={onAction} />}
    </ModerationPanel>
  )
}
