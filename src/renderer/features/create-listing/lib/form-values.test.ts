import { describe, expect, it } from 'vitest'
import { LISTING_WRITE_MESSAGES, listingInputSchema, type ListingDto } from '@shared/api/listings'
import { changedInput, changesAccount, dollarsText, EMPTY_LISTING_FORM, formValuesOf, toListingInput, type ListingFormValues } from './form-values'
import { fieldOfServerMessage, validateCreate, validateUpdate } from './validation'

const FILLED: ListingFormValues = {
  platform: 'youtube',
  username: '@Cat Clips',
  displayName: 'Cat Clips',
  niche: 'Pets',
  accountTitle: 'Cat channel with loyal fans',
  description: 'Daily cat videos for a loyal audience of pet lovers.',
  price: '$1,250.50',
  followers: '125,000',
  monthlyIncome: '',
  isVerified: true,
  isMonetized: false,
  images: ['/media/listings/0123456789abcdef0123456789abcdef.webp'],
}

const LISTING: ListingDto = {
  id: 7,
  platform: 'youtube',
  username: 'catclips',
  displayName: 'Cat Clips',
  niche: 'Pets',
  description: 'Daily cat videos for a loyal audience.',
  accountTitle: 'Cat Clips channel',
  price: 1250.5,
  followers: 125_000,
  monthlyIncome: 800,
  isVerified: true,
  isMonetized: false,
  isPremium: false,
  isPinned: false,
  isActive: false,
  status: 'pending_review',
  createdAt: '2025-01-01T00:00:00.000Z',
  images: ['https://img.example/a.png', '/media/listings/0123456789abcdef0123456789abcdef.webp'],
  sellerId: 3,
  seller: { id: 3, username: 'seller3' },
}

describe('validateCreate', () => {
  it('shows, on each field of an empty form, exactly the message the server would send', () => {
    const result = validateCreate(toListingInput(EMPTY_LISTING_FORM))
    expect(result.ok).toBe(false)
    expect(result.fields).toEqual({
      platform: LISTING_WRITE_MESSAGES.platform,
      username: LISTING_WRITE_MESSAGES.handleRequired,
      displayName: LISTING_WRITE_MESSAGES.displayName,
      niche: LISTING_WRITE_MESSAGES.niche,
      accountTitle: LISTING_WRITE_MESSAGES.title,
      description: LISTING_WRITE_MESSAGES.description,
      price: LISTING_WRITE_MESSAGES.price,
      followers: LISTING_WRITE_MESSAGES.followers,
    })
  })

  it('gives the same first message as the shared schema for each bad value', () => {
    const cases: [Partial<ListingFormValues>, keyof ListingFormValues, string][] = [
      [{ username: 'cat/clips' }, 'username', LISTING_WRITE_MESSAGES.handleChars],
      [{ username: 'a'.repeat(101) }, 'username', LISTING_WRITE_MESSAGES.handleLong],
      [{ price: '0.99' }, 'price', LISTING_WRITE_MESSAGES.price],
      [{ price: '12.345' }, 'price', LISTING_WRITE_MESSAGES.price],
      [{ followers: '12.5' }, 'followers', LISTING_WRITE_MESSAGES.followers],
      [{ followers: 'lots' }, 'followers', LISTING_WRITE_MESSAGES.followers],
      [{ monthlyIncome: '-5' }, 'monthlyIncome', LISTING_WRITE_MESSAGES.income],
      [{ description: 'Too short' }, 'description', LISTING_WRITE_MESSAGES.description],
      [{ images: ['ftp://img.example/a.png'] }, 'images', LISTING_WRITE_MESSAGES.imageUrl],
    ]
    for (const [change, field, message] of cases) {
      const input = toListingInput({ ...FILLED, ...change })
      const schemaIssue = listingInputSchema.safeParse(input).error?.issues.find((issue) => issue.path[0] === field)
      expect(validateCreate(input).fields[field]).toBe(message)
      expect(schemaIssue?.message).toBe(message)
    }
  })

  it('accepts a filled form and sends dollars as typed, not rounded through floats', () => {
    const input = toListingInput(FILLED)
    expect(validateCreate(input)).toEqual({ ok: true, fields: {} })
    expect(input).toMatchObject({ username: 'CatClips', price: '1250.50', followers: 125_000, monthlyIncome: '0' })
    expect(listingInputSchema.parse(input)).toMatchObject({ price: 125_050, monthlyIncome: 0 })
  })

  it('sends a price with a decimal comma as typed, for the schema to refuse, never as a hundred times the price', () => {
    const input = toListingInput({ ...FILLED, price: '12,50' })
    expect(input.price).toBe('12,50')
    expect(validateCreate(input).ok).toBe(false)
    expect(toListingInput({ ...FILLED, price: '$12,500' }).price).toBe('12500')
  })
})

describe('changedInput', () => {
  it('is empty for an untouched edit form, which the update rule refuses as a whole', () => {
    const values = formValuesOf(LISTING)
    expect(changedInput(values, values)).toEqual({})
    expect(validateUpdate({})).toEqual({ ok: false, fields: {}, form: 'Nothing to change' })
  })

  it('sends only the fields that changed', () => {
    const initial = formValuesOf(LISTING)
    const edited = { ...initial, accountTitle: 'Cat Clips, 125K subscribers', isMonetized: true, images: [...initial.images].reverse() }
    expect(changedInput(initial, edited)).toEqual({
      accountTitle: 'Cat Clips, 125K subscribers',
      isMonetized: true,
      images: [...LISTING.images].reverse(),
    })
  })

  it('does not count a different spelling of the same value as a change', () => {
    const initial = formValuesOf(LISTING)
    expect(changedInput(initial, { ...initial, price: '1250.5', monthlyIncome: '$800.00', username: '@catclips', followers: '125,000' })).toEqual({})
  })

  it('sends a cleared field so the server refuses it rather than keeping the old value', () => {
    const initial = formValuesOf(LISTING)
    const changes = changedInput(initial, { ...initial, price: '' })
    expect(changes).toEqual({ price: '' })
    expect(validateUpdate(changes).fields).toEqual({ price: LISTING_WRITE_MESSAGES.price })
  })
})

describe('changesAccount', () => {
  it('is a new platform or handle, not another spelling of the same handle', () => {
    expect(changesAccount(FILLED, { ...FILLED, username: 'catclips' })).toBe(false)
    expect(changesAccount(FILLED, { ...FILLED, displayName: 'Other', price: '1' })).toBe(false)
    expect(changesAccount(FILLED, { ...FILLED, username: 'catclips2' })).toBe(true)
    expect(changesAccount(FILLED, { ...FILLED, platform: 'tiktok' })).toBe(true)
  })
})

describe('formValuesOf', () => {
  it('shows money as a seller would type it', () => {
    expect(dollarsText(1250.5)).toBe('1250.50')
    expect(dollarsText(800)).toBe('800')
    expect(dollarsText(0.07)).toBe('0.07')
    expect(formValuesOf(LISTING)).toMatchObject({ price: '1250.50', monthlyIncome: '800', followers: '125000' })
  })
})

describe('fieldOfServerMessage', () => {
  it('puts a rule message from the server on its field and leaves others to a toast', () => {
    expect(fieldOfServerMessage(LISTING_WRITE_MESSAGES.duplicate)).toBe('username')
    expect(fieldOfServerMessage(LISTING_WRITE_MESSAGES.title)).toBe('accountTitle')
    expect(fieldOfServerMessage(LISTING_WRITE_MESSAGES.imageUrl)).toBe('images')
    expect(fieldOfServerMessage('Too many requests')).toBeUndefined()
  })
})
