import { describe, expect, it } from 'vitest'
import { renderHead } from './head'
import { escapeHtml, jsonForScript } from './html'

const HOSTILE = `"><script>alert(1)</script><img src=x onerror=alert('x')>`

describe('renderHead', () => {
  it('writes title, description, robots, canonical and preview tags', () => {
    const html = renderHead({ title: 'T', description: 'D', url: 'https://handover.example/x', image: 'https://img.example/a.png' })
    expect(html).toContain('<title>T</title>')
    expect(html).toContain('<meta name="description" content="D" />')
    expect(html).toContain('<meta name="robots" content="index, follow" />')
    expect(html).toContain('<link rel="canonical" href="https://handover.example/x" />')
    expect(html).toContain('<meta property="og:url" content="https://handover.example/x" />')
    expect(html).toContain('<meta property="og:image" content="https://img.example/a.png" />')
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />')
  })

  it('hides a page from search with noindex', () => {
    expect(renderHead({ title: 'T', description: 'D', url: 'https://h.example/', noIndex: true })).toContain('content="noindex, nofollow"')
  })

  it('escapes user text in every tag and inside structured data', () => {
    const html = renderHead(
      { title: HOSTILE, description: HOSTILE, url: 'https://h.example/listing/1' },
      { path: '/listing/1', data: { name: `</script><script>alert(1)</script>` } },
    )
    expect(html).not.toContain('<script>alert')
    expect(html).not.toContain('<img')
    expect(html).not.toContain('"><')
    expect(html.match(/<\/script>/g)).toHaveLength(1)
    expect(html).toContain(`<title>${escapeHtml(HOSTILE)}</title>`)
  })
})

describe('jsonForScript', () => {
  it('stays the same JSON once parsed', () => {
    const value = { a: '</script><!-- & \u2028', b: [1, true] }
    expect(JSON.parse(jsonForScript(value))).toEqual(value)
    expect(jsonForScript(value)).not.toMatch(/[<>&\u2028]/)
  })
})
