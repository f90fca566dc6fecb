import type { MouseEvent } from 'react'
import { Link } from 'react-router-dom'
import { PLATFORM_TILES, type PlatformId } from '@/config/platforms'
import { paths } from '@/config/paths'
import { cn } from '@/lib/utils'
import { Badge } from '@/components/ui/badge'
import { PlatformIcon } from './platform-icon'

interface PlatformTilesProps {
  selected: PlatformId | null
  onSelect: (platform: PlatformId) => void
}

/** A plain click means "only the modifiers-free primary button"; everything else is the browser's. */
function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey
}

const tileClass = 'group relative flex flex-col items-center gap-3 rounded-2xl border bg-card px-3 py-5 text-center shadow-xs transition-all'

/**
 * Platform row (SPEC §2). Tiles are real links to the SEO landing pages, so Ctrl/Meta/middle click
 * open them in a new tab natively; a plain click selects the platform and scrolls to the listings.
 */
export function PlatformTiles({ selected, onSelect }: PlatformTilesProps) {
  return (
    <section aria-labelledby="platforms-title" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="platforms-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Browse by platform
          </h2>
          <p className="mt-2 text-muted-foreground">Pick a platform to see accounts for sale.</p>
        </div>
      </div>
      <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        {PLATFORM_TILES.map((platform) => {
          const icon = (
            <span className="flex size-12 items-center justify-center rounded-xl text-white shadow-sm" style={{ backgroundColor: platform.color }}>
              <PlatformIcon platform={platform.id} />
            </span>
          )
          if (platform.comingSoon) {
            return (
              <li key={platform.id}>
                <div aria-disabled="true" className={cn(tileClass, 'cursor-not-allowed opacity-60')}>
                  {icon}
                  <span className="text-sm font-semibold">{platform.label}</span>
                  <Badge variant="secondary" className="absolute top-2 right-2">
                    Soon
                  </Badge>
                  <span className="sr-only">(coming soon)</span>
                </div>
              </li>
            )
          }
          const isSelected = selected === platform.id
          return (
            <li key={platform.id}>
              <Link
                to={paths.buyPlatform(platform.id)}
                aria-current={isSelected ? 'true' : undefined}
                onClick={(event) => {
                  if (!isPlainClick(event)) return
                  event.preventDefault()
                  onSelect(platform.id)
                }}
                className={cn(
                  tileClass,
                  'hover:-translate-y-0.5 hover:border-mint-500 hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  isSelected && 'border-mint-500 ring-2 ring-mint-400/40',
                )}
              >
                {icon}
                <span className="text-sm font-semibold">{platform.label}</span>
              </Link>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
