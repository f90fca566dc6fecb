import { describe, expect, it } from 'vitest'
import { createMarkdownRenderer } from './markdown'

const { render } = createMarkdownRenderer()

describe('createMarkdownRenderer', () => {
  it('renders Markdown, with the largest heading just below the page title', () => {
    const { html, firstParagraph } = render('# Safe trading\n\nPay **into escrow**, then [read the FAQ](/faq).\n\n- one\n- two\n\n## Why')
    expect(html).toContain('<h2>Safe trading</h2>')
    expect(html).toContain('<h3>Why</h3>')
    expect(render('### Deep\n\ntext\n\n#### Deeper').html).toMatch(/<h2>Deep<\/h2>[\s\S]*<h3>Deeper<\/h3>/)
    expect(html).toContain('<strong>into escrow</strong>')
    expect(html).toContain('<a href="/faq">read the FAQ</a>')
    expect(html).toContain('<li>one</li>')
    expect(firstParagraph).toBe('Pay into escrow, then read the FAQ.')
  })

  it('shows raw HTML as text and drops scripts, handlers and script URLs', () => {
    const source = [
      '<script>alert(1)</script>',
      '',
      '<img src=x onerror="alert(2)">',
      '',
      '[click](javascript:alert(3)) [data](data:text/html,hi) [vb](VBScript:msgbox)',
      '',
      '![pic](javascript:alert(4))',
    ].join('\n')
    const { html } = render(source)
    expect(html).not.toMatch(/<script|<img[^>]*onerror|href="javascript|href="data|href="vbscript|src="javascript/i)
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('click')
  })

  it('marks outside links and sends outside images through the image proxy', () => {
    const { html } = render('[docs](https://example.com/a) and ![banner](https://cdn.example.com/b.png)')
    expect(html).toContain('<a href="https://example.com/a" rel="nofollow noopener noreferrer">docs</a>')
    expect(html).toContain('src="/api/proxy/image?url=https%3A%2F%2Fcdn.example.com%2Fb.png"')
    expect(html).toContain('loading="lazy"')
  })
})
