import { JSON_LD_PATH_ATTRIBUTE, seoMeta, type SeoHead } from '@shared/seo'
import { escapeHtml, jsonForScript } from './html'

export interface StructuredData {
  /** the path it describes; the browser removes it after navigating elsewhere */
  path: string
  data: Record<string, unknown>
}

/** The <head> tags of one page, every value escaped (listing text is user input). */
export function renderHead(head: SeoHead, structured?: StructuredData): string {
  const lines = [
    `<title>${escapeHtml(head.title)}</title>`,
    ...seoMeta(head).map((tag) => `<meta ${tag.attribute}="${escapeHtml(tag.key)}" content="${escapeHtml(tag.content)}" />`),
    ...(head.notFound ? [] : [`<link rel="canonical" href="${escapeHtml(head.url)}" />`]),
  ]
  if (structured) {
    lines.push(
      `<script type="application/ld+json" ${JSON_LD_PATH_ATTRIBUTE}="${escapeHtml(structured.path)}">${jsonForScript(structured.data)}</script>`,
    )
  }
  return lines.join('\n    ')
}
