import { describe, expect, it } from 'vitest'
import { parseTemplate } from './template'

const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Build title</title>
    <meta
      name="description"
      content="Build description"
    />
    <meta property="og:title" content="stale" />
    <link rel="canonical" href="https://old.example/" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`

describe('parseTemplate', () => {
  it('puts the page tags where the build title was and drops the build own tags', () => {
    const html = parseTemplate(BUILT).render('<title>Page</title>')
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1.0" />\n    <title>Page</title>\n')
    expect(html).not.toContain('Build title')
    expect(html).not.toContain('Build description')
    expect(html).not.toContain('og:title')
    expect(html).not.toContain('old.example')
  })

  it('keeps everything else: charset first, icon, scripts and body', () => {
    const html = parseTemplate(BUILT).render('<title>X</title>')
    expect(html.indexOf('<meta charset="UTF-8" />')).toBeLessThan(html.indexOf('viewport'))
    expect(html).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg" />')
    expect(html).toContain('src="/assets/index-abc.js"')
    expect(html).toContain('<div id="root"></div>')
    expect(html).not.toMatch(/\n\s*\n/)
  })

  it('adds the tags before </head> when the build has no title', () => {
    const html = parseTemplate('<html><head><meta charset="UTF-8"></head><body></body></html>').render('<title>X</title>')
    expect(html).toBe('<html><head><meta charset="UTF-8"><title>X</title></head><body></body></html>')
  })

  it('puts a rendered page inside the root, with its data beside it in an element no browser runs', () => {
    const html = parseTemplate(BUILT).render('<title>X</title>', { markup: '<main>Hi</main>', data: { note: '</script><script>alert(1)</script>' } })
    expect(html).toContain('<body><div id="root" aria-busy="true"><main>Hi</main></div><script type="application/json" id="handover-data">')
    // the data cannot close its element: every < is escaped
    expect(html.match(/<\/script>/g)).toHaveLength(2)
    const json = /<script type="application\/json" id="handover-data">(.*?)<\/script>/.exec(html)?.[1] ?? ''
    expect(JSON.parse(json)).toEqual({ note: '</script><script>alert(1)</script>' })
  })

  it('refuses a file that is not a page', () => {
    expect(() => parseTemplate('<p>no head</p>')).toThrow('</head>')
  })
})
