import type { MigrationObject } from '@mikro-orm/core'
import { Migration20261122Initial } from './20261122-initial'
import { Migration20261122Listings } from './20261122-listings'

/** Listed by hand so migrations run the same from source and from a bundle. Append new ones. */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122Initial', class: Migration20261122Initial },
  { name: 'Migration20261122Listings', class: Migration20261122Listings },
]
