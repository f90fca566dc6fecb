import { describe, expect, it } from 'vitest'
import { numberPlaceholders } from './prepared'

describe('numberPlaceholders', () => {
  it('numbers each ? in order, leaving casts and operators alone', () => {
    expect(numberPlaceholders('select * from t where a = ? and b = any(?::text[]) and c::int > ?')).toBe(
      'select * from t where a = $1 and b = any($2::text[]) and c::int > $3',
    )
  })

  it('gives the same text for the same statement', () => {
    const sql = 'update t set a = ? where id = ?'
    expect(numberPlaceholders(sql)).toBe(numberPlaceholders(sql))
    expect(numberPlaceholders(sql)).toBe('update t set a = $1 where id = $2')
  })

  it('refuses knex identifier placeholders, which it does not expand', () => {
    expect(() => numberPlaceholders('select ?? from t')).toThrow(/plain \? placeholders, not \?\?/)
  })
})
