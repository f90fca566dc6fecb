import { describe, expect, it } from 'vitest'
import { linkify } from './linkify'

describe('linkify', () => {
  it('turns http(s) addresses into links and keeps the rest as text', () => {
    expect(linkify('See https://example.com/a?b=1 and http://x.io.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://x.io', href: 'http://x.io/' },
      { kind: 'text', text: '.' },
    ])
  })

  it('leaves sentence punctuation and an unmatched bracket outside the link', () => {
    expect(linkify('(see https://en.wikipedia.org/wiki/Escrow_(law)), ok?')).toEqual([
      { kind: 'text', text: '(see ' },
      { kind: 'link', text: 'https://en.wikipedia.org/wiki/Escrow_(law)', href: 'https://en.wikipedia.org/wiki/Escrow_(law)' },
      { kind: 'text', text: '), ok?' },
    ])
  })

  it('never links other schemes, and keeps markup as plain text', () => {
    expect(linkify('javascript:alert(1) <a href="https://evil.example">x</a>')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) <a href="' },
      { kind: 'link', text: 'https://evil.example', href: 'https://evil.example/' },
      { kind: 'text', text: '">x</a>' },
    ])
    expect(linkify('no links here')).toEqual([{ kind: 'text', text: 'no links here' }])
  })
})
