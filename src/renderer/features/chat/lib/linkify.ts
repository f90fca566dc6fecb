/** Message text split into plain text and http(s) links, for rendering as text nodes and anchors (never as HTML). */
export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string }

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'`]+/gi
const TRAILING = /[.,;:!?*_~]$/

/** Sentence punctuation and an unmatched closing bracket after a link belong to the sentence, not the link. */
function trimUrl(candidate: string): string {
  let url = candidate
  for (;;) {
    if (TRAILING.test(url)) {
      url = url.slice(0, -1)
      continue
    }
    const last = url.at(-1)
    const open = last === ')' ? '(' : last === ']' ? '[' : last === '}' ? '{' : null
    if (open && url.split(open).length <= url.split(last!).length - 1) {
      url = url.slice(0, -1)
      continue
    }
    return url
  }
}

function safeHref(text: string): string | null {
  try {
    const url = new URL(text)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

export function linkify(content: string): TextSegment[] {
  const segments: TextSegment[] = []
  let at = 0
  const push = (text: string) => {
    if (!text) return
    const last = segments.at(-1)
    if (last?.kind === 'text') last.text += text
    else segments.push({ kind: 'text', text })
  }
  for (const match of content.matchAll(URL_PATTERN)) {
    const text = trimUrl(match[0])
    const href = safeHref(text)
    push(content.slice(at, match.index))
    if (href) segments.push({ kind: 'link', text, href })
    else push(text)
    at = match.index + text.length
  }
  push(content.slice(at))
  return segments
}
