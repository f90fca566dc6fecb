import createDOMPurify, { type DOMPurify } from 'dompurify'
import { JSDOM } from 'jsdom'
import { Marked } from 'marked'

/**
 * Markdown → HTML a browser can be handed as is. Two locks: marked shows raw HTML in the source as text
 * (an admin writing `<b>` sees `<b>`), and DOMPurify then keeps only an allow-list of tags, attributes and
 * URL schemes, so even a parser bug cannot let a script, an event handler or a `javascript:` link through.
 */

export interface RenderedMarkdown {
  html: string
  /** the text of the first paragraph, for a summary when none was written */
  firstParagraph: string
}

export interface MarkdownRenderer {
  render(markdown: string): RenderedMarkdown
}

const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
]
const ALLOWED_ATTR = ['href', 'title', 'src', 'alt', 'start', 'align']
// web links, mail, and paths on this site; everything else (javascript:, data:, vbscript:…) loses its URL
const ALLOWED_URI = /^(?:https?:|mailto:|\/(?!\/)|#)/i

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

function createParser(): Marked {
  return new Marked({
    gfm: true,
    async: false,
    renderer: {
      html({ text }) {
        return escapeText(text)
      },
    },
  })
}

/**
 * The page's title is its only h1, so the post's largest heading becomes an h2 and the others keep their
 * distance below it: `#`/`##` and `##`/`###` both come out as h2/h3, and no level is skipped at the top.
 */
function toHtml(parser: Marked, markdown: string): string {
  const tokens = parser.lexer(markdown)
  let top = 6
  parser.walkTokens(tokens, (token) => {
    if (token.type === 'heading') top = Math.min(top, token.depth as number)
  })
  parser.walkTokens(tokens, (token) => {
    if (token.type === 'heading') token.depth = Math.min(6, (token.depth as number) - top + 2)
  })
  return parser.parser(tokens)
}

function isExternal(url: string): boolean {
  return /^https?:/i.test(url)
}

/** Links leave the site without passing on who sent them; images on other hosts come through our proxy. */
function addHooks(purify: DOMPurify): void {
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? ''
      if (isExternal(href)) node.setAttribute('rel', 'nofollow noopener noreferrer')
    }
    if (node.tagName === 'IMG') {
      const src = node.getAttribute('src') ?? ''
      // a visitor's browser never asks another host for a post's picture: no third party learns who reads
      if (isExternal(src)) node.setAttribute('src', `/api/proxy/image?url=${encodeURIComponent(src)}`)
      node.setAttribute('loading', 'lazy')
    }
  })
}

/** Builds the parser and a sanitizer over its own DOM window; made once and reused. */
export function createMarkdownRenderer(): MarkdownRenderer {
  const parser = createParser()
  const { window } = new JSDOM('')
  const purify = createDOMPurify(window)
  addHooks(purify)
  const config = { ALLOWED_TAGS, ALLOWED_ATTR, ALLOWED_URI_REGEXP: ALLOWED_URI, ALLOW_DATA_ATTR: false, RETURN_DOM_FRAGMENT: true } as const

  return {
    render(markdown) {
      const unsafe = toHtml(parser, markdown)
      const fragment = purify.sanitize(unsafe, config)
      const container = window.document.createElement('div')
      container.append(fragment)
      const first = container.querySelector('p')?.textContent ?? ''
      return { html: container.innerHTML, firstParagraph: first.replace(/\s+/g, ' ').trim() }
    },
  }
}
