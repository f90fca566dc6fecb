import { BigIntType, EntitySchema, OptionalProps } from '@mikro-orm/core'
import type { ListingStatus, LivePlatform } from '@shared/api/listings'
import { searchKey } from '@shared/listings/filter'
import { User } from '../users/user.entity'

export class Listing {
  /** filled by defaults or by the ORM hooks below */
  [OptionalProps]?:
    | 'monthlyIncomeCents'
    | 'isVerified'
    | 'isMonetized'
    | 'isPremium'
    | 'isPinned'
    | 'status'
    | 'images'
    | 'searchText'
    | 'nicheKey'
    | 'rejectionReason'
    | 'reviewedAt'
    | 'createdAt'
    | 'updatedAt'
  id!: number
  seller!: User
  platform!: LivePlatform
  /** the account's handle, normalised: no leading @, no spaces */
  username!: string
  displayName!: string
  niche!: string
  description!: string
  accountTitle!: string
  priceCents!: number
  followers!: number
  monthlyIncomeCents: number = 0
  isVerified: boolean = false
  isMonetized: boolean = false
  isPremium: boolean = false
  isPinned: boolean = false
  status: ListingStatus = 'pending_review'
  /** image URLs; the first is the banner */
  images: string[] = []
  /** searchKey of username, displayName, niche, description joined by \u0001; maintained on every write */
  searchText!: string
  nicheKey!: string
  /** why an admin turned the listing down; shown to its seller */
  rejectionReason: string | null = null
  /** when an admin last approved or rejected it */
  reviewedAt: Date | null = null
  /** when it became `sold`; a sold listing is a completed sale */
  soldAt: Date | null = null
  createdAt: Date = new Date()
  updatedAt: Date = new Date()
}

/** A control character never survives searchKey, so no search term can match across two fields. */
export const SEARCH_FIELD_SEPARATOR = '\u0001'

export const listingSearchText = (l: Pick<Listing, 'username' | 'displayName' | 'niche' | 'description'>) =>
  [l.username, l.displayName, l.niche, l.description].map(searchKey).join(SEARCH_FIELD_SEPARATOR)

export { normalizeHandle } from '@shared/api/listings'

const money = { type: new BigIntType('number'), columnType: 'bigint' } as const

export const ListingSchema = new EntitySchema<Listing>({
  class: Listing,
  tableName: 'listings',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    seller: { kind: 'm:1', entity: () => User },
    platform: { type: 'string', length: 16 },
    username: { type: 'string', length: 100 },
    displayName: { type: 'string', length: 200 },
    niche: { type: 'string', length: 100 },
    description: { type: 'text' },
    accountTitle: { type: 'string', length: 200 },
    priceCents: { ...money },
    followers: { ...money },
    monthlyIncomeCents: { ...money, default: 0 },
    isVerified: { type: 'boolean', default: false },
    isMonetized: { type: 'boolean', default: false },
    isPremium: { type: 'boolean', default: false },
    isPinned: { type: 'boolean', default: false },
    status: { type: 'string', length: 20, default: 'pending_review' },
    images: { type: 'json' },
    searchText: { type: 'text', hidden: true, onCreate: listingSearchText, onUpdate: listingSearchText },
    nicheKey: { type: 'text', hidden: true, onCreate: (l) => searchKey(l.niche), onUpdate: (l) => searchKey(l.niche) },
    rejectionReason: { type: 'string', length: 500, nullable: true },
    reviewedAt: { type: 'datetime', length: 3, nullable: true },
    soldAt: { type: 'datetime', length: 3, nullable: true },
    // millisecond precision, like a JS Date: the client and the database sort by the same instant
    createdAt: { type: 'datetime', length: 3, defaultRaw: 'now()' },
    updatedAt: { type: 'datetime', length: 3, defaultRaw: 'now()', onUpdate: () => new Date() },
  },
})
