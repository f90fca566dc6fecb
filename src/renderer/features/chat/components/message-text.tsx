import { useMemo, type MouseEvent } from 'react'
import { toast } from '@/hooks/use-toast'
import { isDesktopApp, openWrittenLink } from '@/lib/platform'
import { cn } from '@/lib/utils'
import { linkify } from '../lib/linkify'

/**
 * What someone wrote, as text: React escapes every character, so markup shows as typed. Only http(s)
 * addresses become links, opened in a new tab without handing over this page or vouching for them.
 * The desktop app opens only allow-listed hosts in the browser; for any other the user gets the address
 * to copy, rather than a click that does nothing.
 */
export function MessageText({ content, linkClassName }: { content: string; linkClassName?: string }) {
  const segments = useMemo(() => linkify(content), [content])
  return (
    <p className="text-[0.9375rem] leading-snug break-words whitespace-pre-wrap">
      {segments.map((segment, i) =>
        segment.kind === 'link' ? (
          <a
            key={i}
            href={segment.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            onClick={openInDesktopApp}
            className={cn('underline underline-offset-2 break-all', linkClassName)}
          >
            {segment.text}
          </a>
        ) : (
          segment.text
        ),
      )}
    </p>
  )
}

function openInDesktopApp(event: MouseEvent<HTMLAnchorElement>) {
  if (!isDesktopApp()) return
  event.preventDefault()
  const href = event.currentTarget.href
  void openWrittenLink(href).then((opened) => {
    if (opened) return
    toast({
      variant: 'info',
      title: 'This link opens only in your browser',
      description: <span className="break-all select-all">{href}</span>,
    })
  })
}
