import { AtSign, Camera, Music2, Play, Send, ThumbsUp } from 'lucide-react'
import type { SellerSummary } from '@shared/api/listings'
import { PLATFORMS } from '@/config/platforms'
import { cn } from '@/lib/utils'

type LivePlatform = SellerSummary['platforms'][number]

// the same stand-in glyphs as the listing cards; lucide ships no brand logos
const GLYPHS = { youtube: Play, instagram: Camera, tiktok: Music2, facebook: ThumbsUp, twitter: AtSign, telegram: Send } as const

interface PlatformBadgesProps {
  platforms: readonly LivePlatform[]
  /** round brand-coloured marks only (the names stay readable by screen readers and on hover) */
  compact?: boolean
  className?: string
}

/** Where a seller sells: brand-coloured marks, with the names unless compact. */
export function PlatformBadges({ platforms, compact = false, className }: PlatformBadgesProps) {
  if (platforms.length === 0) return <p className={cn('text-sm text-muted-foreground', className)}>No platforms yet</p>
  return (
    <ul aria-label="Platforms" className={cn('flex flex-wrap gap-1.5', className)}>
      {platforms.map((platform) => {
        const { label, color } = PLATFORMS[platform]
        const Glyph = GLYPHS[platform]
        return (
          <li
            key={platform}
            title={label}
            className={cn(
              'inline-flex items-center gap-1.5 rounded-full text-xs font-semibold text-white',
              compact ? 'size-7 justify-center' : 'px-2.5 py-1',
            )}
            style={{ backgroundColor: color }}
          >
            <Glyph className="size-3.5 shrink-0" aria-hidden="true" />
            <span className={compact ? 'sr-only' : undefined}>{label}</span>
          </li>
        )
      })}
    </ul>
  )
}
