import { useMemo } from 'react'
import { cn } from '@/lib/utils'
import { linkify } from '../lib/linkify'

/**
 * What someone wrote, as text: React escapes every character, so markup shows as typed. Only http(s)
 * addresses become links, opened in a new tab without handing over this page or vouching for them.
 */
export function MessageText({ content, linkClassName }: { content: string; linkClassName?: string }) {
  const segments = useMemo(() => linkify(content), [content])
  return (
    <p className="text-[0.9375rem] leading-snug break-words whitespace-pre-wrap">
      {segments.map((segment, i) =>
        segment.kind === 'link' ? (
          <a key={i} href={segment.href} target="_blank" rel="noopener noreferrer nofollow" className={cn('underline underline-offset-2 break-all', linkClassName)}>
            {segment.text}
          </a>
        ) : (
          segment.text
        ),
      )}
    </p>
  )
}
