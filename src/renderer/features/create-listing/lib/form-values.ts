import type { ListingDto, ListingInput, LivePlatform } from '@shared/api/listings'
import { normalizeHandle } from '@shared/api/listings'
import { LIVE_PLATFORMS } from '@shared/constants'
import { decimalStringToCents, typedDollars } from '@shared/money'

/** What the inputs hold: text as typed, so a half-typed price is never rounded or lost. */
export interface ListingFormValues {
  platform: LivePlatform | ''
  username: string
  displayName: string
  niche: string
  accountTitle: string
  description: string
  price: string
  followers: string
  monthlyIncome: string
  isVerified: boolean
  isMonetized: boolean
  /** finished images (uploaded or http(s) URLs) in display order; the first is the banner */
  images: string[]
}

export type ListingField = keyof ListingFormValues

export const EMPTY_LISTING_FORM: ListingFormValues = {
  platform: '',
  username: '',
  displayName: '',
  niche: '',
  accountTitle: '',
  description: '',
  price: '',
  followers: '',
  monthlyIncome: '',
  isVerified: false,
  isMonetized: false,
  images: [],
}

/** Dollars from the API as the text a seller would type: 1250.5 → "1250.50", 800 → "800". */
export function dollarsText(amount: number): string {
  const cents = Math.round(amount * 100)
  const whole = Math.trunc(cents / 100)
  const frac = cents % 100
  return frac === 0 ? String(whole) : `${whole}.${String(frac).padStart(2, '0')}`
}

function isLive(platform: string): platform is LivePlatform {
  return (LIVE_PLATFORMS as readonly string[]).includes(platform)
}

/** The form prefilled from a listing the seller is editing. */
export function formValuesOf(listing: ListingDto): ListingFormValues {
  return {
    platform: isLive(listing.platform) ? listing.platform : '',
    username: listing.username,
    displayName: listing.displayName,
    niche: listing.niche,
    accountTitle: listing.accountTitle,
    description: listing.description,
    price: dollarsText(listing.price),
    followers: String(listing.followers),
    monthlyIncome: dollarsText(listing.monthlyIncome),
    isVerified: listing.isVerified,
    isMonetized: listing.isMonetized,
    images: [...listing.images],
  }
}

/** "12,500" and "12 500" are how people write counts; anything else is left for the schema to refuse. */
function followersInput(text: string): number | string | undefined {
  const compact = text.replace(/[\s,]/g, '')
  if (compact === '') return undefined
  return /^\d+$/.test(compact) ? Number(compact) : compact
}

/** "$1,250.50" → "1250.50"; anything else ("12,50") goes as typed, for the schema to refuse. */
function moneyInput(text: string): string | undefined {
  const trimmed = text.trim()
  return trimmed === '' ? undefined : (typedDollars(trimmed) ?? trimmed)
}

type ListingInputField = keyof ListingInput

/** One field as the API takes it (dollars as decimal strings, followers as a number, handle normalised). */
function inputValue(values: ListingFormValues, field: ListingInputField): unknown {
  switch (field) {
    case 'platform':
      return values.platform === '' ? undefined : values.platform
    case 'username':
      return normalizeHandle(values.username)
    case 'price':
      return moneyInput(values.price)
    case 'monthlyIncome':
      // no income is the common case; an empty box means $0 rather than an error
      return moneyInput(values.monthlyIncome) ?? '0'
    case 'followers':
      return followersInput(values.followers)
    default:
      return values[field]
  }
}

const INPUT_FIELDS = Object.keys(EMPTY_LISTING_FORM) as ListingInputField[]

/** The POST /api/accounts body for the whole form. */
export function toListingInput(values: ListingFormValues): Record<string, unknown> {
  const input: Record<string, unknown> = {}
  for (const field of INPUT_FIELDS) {
    const value = inputValue(values, field)
    if (value !== undefined) input[field] = value
  }
  return input
}

/** A field reduced to what the server would store, so "800" against "800.00" or "@cat" against "cat" is no change. */
function comparable(values: ListingFormValues, field: ListingInputField): string | undefined {
  const value = inputValue(values, field)
  if ((field === 'price' || field === 'monthlyIncome') && typeof value === 'string') {
    return JSON.stringify(decimalStringToCents(value) ?? value)
  }
  return JSON.stringify(value)
}

/**
 * Whether the edit names a different account: another platform, or another handle ignoring case and
 * "@". The server sends an active listing with such a change back to review (listing-writes.service.ts).
 */
export function changesAccount(initial: ListingFormValues, current: ListingFormValues): boolean {
  const handle = (values: ListingFormValues) => normalizeHandle(values.username).toLowerCase()
  return initial.platform !== current.platform || handle(initial) !== handle(current)
}

/** The PATCH body: only the fields that differ from what was loaded. */
export function changedInput(initial: ListingFormValues, current: ListingFormValues): Record<string, unknown> {
  const changes: Record<string, unknown> = {}
  for (const field of INPUT_FIELDS) {
    if (comparable(initial, field) === comparable(current, field)) continue
    // a cleared field still goes to the server (as "") so it is refused with its message, never silently kept
    changes[field] = inputValue(current, field) ?? ''
  }
  return changes
}
