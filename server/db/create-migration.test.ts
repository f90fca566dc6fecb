import { describe, expect, it } from 'vitest'
import { migrationNames } from './create-migration'

describe('migrationNames', () => {
  it('names the file by day and words, and the class in PascalCase', () => {
    expect(migrationNames('  Listing reviews!', new Date('2026-11-23T10:00:00Z'))).toEqual({
      file: '20261123-listing-reviews',
      className: 'Migration20261123ListingReviews',
    })
  })

  it('refuses a name without letters or digits', () => {
    expect(() => migrationNames(' -- ', new Date())).toThrow(/Name the migration/)
  })
})
