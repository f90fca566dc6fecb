import { Gamepad2, Music2, Send } from 'lucide-react'
import type { PlatformId } from '@/config/platforms'
import { cn } from '@/lib/utils'

// lucide ships no brand logos; these are simplified marks drawn on a 24-unit grid.
function YouTubeMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true">
      <rect x="2.5" y="5.5" width="19" height="13" rx="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M10 9v6l5-3z" fill="currentColor" />
    </svg>
  )
}

function InstagramMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.5" fill="currentColor" />
    </svg>
  )
}

function FacebookMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true">
      <path fill="currentColor" d="M14 8h3V4h-3a4 4 0 0 0-4 4v2H7v4h3v7h4v-7h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5z" />
    </svg>
  )
}

function XMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true">
      <path fill="currentColor" d="M4 3h4.5l4 5.6L17.3 3H20l-6.2 7.3L21 21h-4.5l-4.4-6.1L6.8 21H4l6.8-7.9z" />
    </svg>
  )
}

export function PlatformIcon({ platform, className }: { platform: PlatformId; className?: string }) {
  const classes = cn('size-6', className)
  switch (platform) {
    case 'youtube':
      return <YouTubeMark className={classes} />
    case 'instagram':
      return <InstagramMark className={classes} />
    case 'facebook':
      return <FacebookMark className={classes} />
    case 'twitter':
      return <XMark className={classes} />
    case 'tiktok':
      return <Music2 className={classes} aria-hidden="true" />
    case 'telegram':
      return <Send className={classes} aria-hidden="true" />
    case 'gaming':
      return <Gamepad2 className={classes} aria-hidden="true" />
  }
}
