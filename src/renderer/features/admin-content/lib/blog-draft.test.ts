import { describe, expect, it } from 'vitest'
import type { AdminBlogPost } from '@shared/api/blog'
import { draftChanges, draftFrom, EMPTY_DRAFT, isDirty } from './blog-draft'

const POST: AdminBlogPost = {
  id: 4,
  title: 'Escrow explained',
  excerpt: 'Where the money is.',
  body: 'The buyer pays into escrow first.',
  html: '<p>The buyer pays into escrow first.</p>',
  state: 'draft',
  publishedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  author: 'admin',
}

describe('blog drafts', () => {
  it('starts a new post empty and sends every field', () => {
    expect(draftFrom(undefined)).toEqual(EMPTY_DRAFT)
    expect(draftChanges({ title: 'T', excerpt: '', body: 'B' }, undefined)).toEqual({ title: 'T', excerpt: '', body: 'B' })
  })

  it('sends only what changed, ignoring space the server trims', () => {
    const draft = draftFrom(POST)
    expect(isDirty(draft, POST)).toBe(false)
    expect(isDirty({ ...draft, title: ' Escrow explained  ' }, POST)).toBe(false)
    expect(draftChanges({ ...draft, body: 'New text for the post.' }, POST)).toEqual({ body: 'New text for the post.' })
  })
})
