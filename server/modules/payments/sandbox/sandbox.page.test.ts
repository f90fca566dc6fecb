import { describe, expect, it } from 'vitest'
import { checkoutPage, type CheckoutView } from './sandbox.page'

const VIEW: CheckoutView = {
  orderId: 'deposit_7_1700000000000',
  kind: 'deposit',
  method: 'card',
  amountCents: 1_250_000,
  feeCents: 37_550,
  totalCents: 1_287_550,
  token: 'token',
  action: '/sandbox/checkout/deposit_7_1700000000000',
}

/** The page's visible text, tags dropped and spaces folded. */
const textOf = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')

describe('the sandbox checkout page', () => {
  it('writes every amount with thousands separators and cents: the breakdown, the title and the Pay button', () => {
    const html = checkoutPage(VIEW)
    const text = textOf(html)
    expect(text).toContain('Amount $12,500.00')
    expect(text).toContain('Card processing fee $375.50')
    expect(text).toContain('Total $12,875.50')
    expect(text).toContain('Pay $12,875.50')
    expect(html).toContain('<title>Pay $12,875.50 · Sandbox payments</title>')
    // no amount is left unformatted
    expect(text.match(/\$[\d,.]+/g)).toEqual(['$12,875.50', '$12,500.00', '$375.50', '$12,875.50', '$12,875.50'])
  })

  it('keeps the cents of a whole amount under a thousand', () => {
    const text = textOf(checkoutPage({ ...VIEW, kind: 'purchase', method: 'crypto', amountCents: 2_500, feeCents: 0, totalCents: 2_500 }))
    expect(text).toContain('Amount $25.00')
    expect(text).toContain('Crypto processing fee $0.00')
    expect(text).toContain('Pay $25.00')
  })
})
