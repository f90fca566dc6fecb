import { describe, expect, it } from 'vitest'
import { HttpError } from '../../http/errors'
import { parseSellerId, parseTopSellersLimit, SELLER_MESSAGES, TOP_SELLERS_DEFAULT_LIMIT } from './sellers.params'

const failure = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    return error as HttpError
  }
  throw new Error('expected a failure')
}

describe('parseTopSellersLimit', () => {
  it('defaults to 20 when absent and accepts 1 to 100', () => {
    expect(parseTopSellersLimit(undefined)).toBe(TOP_SELLERS_DEFAULT_LIMIT)
    expect(parseTopSellersLimit('1')).toBe(1)
    expect(parseTopSellersLimit(' 100 ')).toBe(100)
  })

  it.each(['0', '101', '-3', 'ten', '2.5', '', '1e2', '0x10'])('refuses %j with a 400 naming the range', (raw) => {
    const error = failure(() => parseTopSellersLimit(raw))
    expect(error).toBeInstanceOf(HttpError)
    expect(error.status).toBe(400)
    expect(error.message).toBe(SELLER_MESSAGES.limit)
  })

  it('refuses a repeated parameter instead of picking one', () => {
    expect(failure(() => parseTopSellersLimit(['5', '6'])).status).toBe(400)
  })
})

describe('parseSellerId', () => {
  it('reads a positive serial', () => {
    expect(parseSellerId('1000')).toBe(1000)
    expect(parseSellerId('2147483647')).toBe(2_147_483_647)
  })

  it.each(['abc', '0', '-1', '1.5', '2147483648', '', undefined])('treats %j as a seller that does not exist', (raw) => {
    const error = failure(() => parseSellerId(raw))
    expect(error.status).toBe(404)
    expect(error.message).toBe('Seller not found')
  })
})
