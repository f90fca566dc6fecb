import type { MigrationObject } from '@mikro-orm/core'
import { Migration20261122Initial } from './20261122-initial'
import { Migration20261122Listings } from './20261122-listings'
import { Migration20261122ListingWrites } from './20261122-listing-writes'
import { Migration20261122Sellers } from './20261122-sellers'
import { Migration20261122CatalogueScale } from './20261122-catalogue-scale'
import { Migration20261123Chat } from './20261123-chat'
import { Migration20261123Escrow } from './20261123-escrow'
import { Migration20261123Payments } from './20261123-payments'
import { Migration20261123AdminAudit } from './20261123-admin-audit'
import { Migration20261123Moderation } from './20261123-moderation'
import { Migration20261123AdminDashboard } from './20261123-admin-dashboard'
import { Migration20261123PaymentMonitor } from './20261123-payment-monitor'
import { Migration20261123BlogContact } from './20261123-blog-contact'
import { Migration20261124DesktopReturns } from './20261124-desktop-returns'
import { Migration20261125Reviews } from './20261125-reviews'
import { Migration20261124PaymentRefunds } from './20261124-payment-refunds'
import { Migration20261124ListingCountsShards } from './20261124-listing-counts-shards'
import { Migration20261125UserPreferences } from './20261125-user-preferences'
import { Migration20261126ReviewRemovals } from './20261126-review-removals'
import { Migration20261127ActiveSearchIndexes } from './20261127-active-search-indexes'
import { Migration20261128LedgerEntriesAccountIndex } from './20261128-ledger-entries-account-index'

/** Listed by hand so migrations run the same from source and from a bundle. Append new ones. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122Initial', class: Migration20261122Initial },
  { name: 'Migration20261122Listings', class: Migration20261122Listings },
  { name: 'Migration20261122ListingWrites', class: Migration20261122ListingWrites },
  { name: 'Migration20261122Sellers', class: Migration20261122Sellers },
  { name: 'Migration20261122CatalogueScale', class: Migration20261122CatalogueScale },
  { name: 'Migration20261123Chat', class: Migration20261123Chat },
  { name: 'Migration20261123Escrow', class: Migration20261123Escrow },
  { name: 'Migration20261123Payments', class: Migration20261123Payments },
  { name: 'Migration20261123AdminAudit', class: Migration20261123AdminAudit },
  { name: 'Migration20261123Moderation', class: Migration20261123Moderation },
  { name: 'Migration20261123AdminDashboard', class: Migration20261123AdminDashboard },
  { name: 'Migration20261123PaymentMonitor', class: Migration20261123PaymentMonitor },
  { name: 'Migration20261124DesktopReturns', class: Migration20261124DesktopReturns },
  { name: 'Migration20261123BlogContact', class: Migration20261123BlogContact },
  { name: 'Migration20261125Reviews', class: Migration20261125Reviews },
  { name: 'Migration20261125UserPreferences', class: Migration20261125UserPreferences },
  { name: 'Migration20261124PaymentRefunds', class: Migration20261124PaymentRefunds },
  { name: 'Migration20261124ListingCountsShards', class: Migration20261124ListingCountsShards },
  { name: 'Migration20261126ReviewRemovals', class: Migration20261126ReviewRemovals },
  { name: 'Migration20261127ActiveSearchIndexes', class: Migration20261127ActiveSearchIndexes },
  { name: 'Migration20261128LedgerEntriesAccountIndex', class: Migration20261128LedgerEntriesAccountIndex },
]
