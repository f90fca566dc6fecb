import { describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS } from '@shared/api/settings'
import { faqSections } from './faq'
import { countEntries, searchFaq, searchWords } from './faq-search'

const SECTIONS = [
  { id: 'a', title: 'Buying', entries: [{ id: 'fee', question: 'What does it cost?', answer: 'The price plus the escrow fee.' }] },
  {
    id: 'b',
    title: 'Selling',
    entries: [
      { id: 'withdraw', question: 'How do I withdraw?', answer: 'Request a payout from your balance.' },
      { id: 'sell', question: 'How do I sell?', answer: 'Create a listing.' },
    ],
  },
]

const ids = (query: string) => searchFaq(SECTIONS, query).flatMap((s) => s.entries.map((e) => e.id))

describe('searchFaq', () => {
  it('keeps everything for an empty or punctuation-only search', () => {
    expect(ids('')).toEqual(['fee', 'withdraw', 'sell'])
    expect(ids('  ?! ')).toEqual(['fee', 'withdraw', 'sell'])
  })

  it('matches questions and answers case-insensitively, ignoring accents', () => {
    expect(ids('ESCROW')).toEqual(['fee'])
    expect(ids('escrów')).toEqual(['fee'])
    expect(ids('payout')).toEqual(['withdraw'])
  })

  it('needs every word, and leaves out sections with no match', () => {
    expect(ids('how listing')).toEqual(['sell'])
    expect(ids('how escrow')).toEqual([])
    expect(searchFaq(SECTIONS, 'listing').map((s) => s.id)).toEqual(['b'])
  })

  it('finds a question by its section title', () => {
    expect(ids('selling')).toEqual(['withdraw', 'sell'])
  })

  it('splits a search into words', () => {
    expect(searchWords('  Escrow-fee, refund? ')).toEqual(['escrow', 'fee', 'refund'])
  })
})

describe('faqSections', () => {
  it('quotes the settings as set, and finds the fee and the countdowns by search', () => {
    const sections = faqSections({ ...DEFAULT_SETTINGS, escrowFeeBps: 750, escrowFeeMinCents: 200 })
    const fee = searchFaq(sections, 'cost').flatMap((s) => s.entries)
    expect(fee.map((e) => e.id)).toEqual(['escrow-fee'])
    expect(fee[0]!.answer).toContain('7.5% of the price, at least $2')
    expect(searchFaq(sections, 'countdown telegram').flatMap((s) => s.entries)[0]!.answer).toContain('3 days for Telegram')
  })

  it('speaks without figures while the settings are unknown', () => {
    const sections = faqSections(undefined)
    expect(countEntries(sections)).toBe(countEntries(faqSections(DEFAULT_SETTINGS)))
    // the provider's card and crypto fees are fixed; the settings' figures are not quoted until known
    expect(JSON.stringify(sections)).not.toMatch(/fee of \d|\d+ days? for|\d+ minutes/)
    expect(JSON.stringify(sections)).toContain('plus a small escrow fee,')
  })
})
