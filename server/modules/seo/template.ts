import { readFile, stat } from 'node:fs/promises'
import { SEO_META_KEYS } from '@shared/seo'
import { serverDataElement } from '@shared/server-data'

/** A page's content rendered on the server: the markup of the app's root and the data it was rendered with. */
export interface RenderedBody {
  markup: string
  data: unknown
}

export interface HtmlTemplate {
  /** index.html with `headTags` where its own title and description were, and `body` (if any) inside the app's root */
  render(headTags: string, body?: RenderedBody): string
}

const EMPTY_ROOT = '<div id="root"></div>'
const MODULE_PRELOAD = /\n?[ \t]*<link\b[^>]*\brel\s*=\s*"modulepreload"[^>]*>/gi

const MANAGED = new Set<string>(SEO_META_KEYS)
const TITLE = /<title>[\s\S]*?<\/title>/i
const META = /<meta\b[^>]*>/gi
const CANONICAL = /<link\b[^>]*\brel\s*=\s*"canonical"[^>]*>/gi
const META_KEY = /\b(?:name|property)\s*=\s*"([^"]*)"/i

/**
 * Splits the built index.html around the place for page tags: the build's own <title>, description
 * and any other tag the page writes are taken out, so no page ever carries two of one tag.
 */
export function parseTemplate(html: string): HtmlTemplate {
  const title = TITLE.exec(html)
  const headEnd = html.search(/<\/head>/i)
  if (headEnd < 0) throw new Error('index.html has no </head>')
  const at = title && title.index < headEnd ? title.index : headEnd
  const marker = '\u0000seo\u0000'
  const stripped = `${html.slice(0, at)}${marker}${html.slice(title && title.index === at ? at + title[0].length : at)}`
    .replace(META, (tag) => (MANAGED.has(META_KEY.exec(tag)?.[1] ?? '') ? '' : tag))
    .replace(CANONICAL, '')
    // lines left empty by the removals
    .replace(/\n[ \t]*(?=\n)/g, '')
  const [before, after] = stripped.split(marker) as [string, string]
  // A page with its content needs no script to paint: the app's code is not preloaded there, so it does not share the
  // network with the page's styles and images before the first paint (the entry fetches it, all at once, right after).
  const [beforeLean, afterLean] = [before.replace(MODULE_PRELOAD, ''), after.replace(MODULE_PRELOAD, '')]
  const root = afterLean.indexOf(EMPTY_ROOT)
  return {
    // a page without the app's root gets no content: the app would have nowhere to hydrate it. The root is busy until
    // the app has taken the page over (PageShown): until then a button does nothing
    render: (headTags, body) =>
      body && root >= 0
        ? `${beforeLean}${headTags}${afterLean.slice(0, root)}<div id="root" aria-busy="true">${body.markup}</div>${serverDataElement(body.data)}${afterLean.slice(root + EMPTY_ROOT.length)}`
        : `${before}${headTags}${after}`,
  }
}

/** Reads and parses index.html once, and again only when the file changes (a new build). */
export function createTemplateLoader(file: string): () => Promise<HtmlTemplate> {
  let cached: { mtimeMs: number; template: HtmlTemplate } | undefined
  return async () => {
    const { mtimeMs } = await stat(file)
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, template: parseTemplate(await readFile(file, 'utf8')) }
    return cached.template
  }
}
