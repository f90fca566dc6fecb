import { useState } from 'react'
import type { PlatformId } from '@/config/platforms'
import { cn } from '@/lib/utils'
import { ListingBanner } from './listing-banner'

interface ListingGalleryProps {
  images: string[]
  platform: PlatformId
  title: string
}

/** Main image with thumbnails to switch; no images means the platform banner (SPEC §3). */
export function ListingGallery({ images, platform, title }: ListingGalleryProps) {
  const [index, setIndex] = useState(0)
  const current = images[Math.min(index, images.length - 1)]
  return (
    <div>
      <div className="aspect-[16/9] overflow-hidden rounded-2xl border bg-muted">
        <ListingBanner image={current} platform={platform} alt={title} eager iconClassName="size-16" />
      </div>
      {images.length > 1 && (
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-1" aria-label="Images">
          {images.map((image, position) => (
            <li key={`${position}-${image}`} className="shrink-0">
              <button
                type="button"
                aria-label={`Show image ${position + 1} of ${images.length}`}
                aria-pressed={position === index}
                onClick={() => setIndex(position)}
                className={cn(
                  'block h-14 w-24 overflow-hidden rounded-lg border-2 border-transparent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  position === index ? 'border-mint-500' : 'opacity-70 hover:opacity-100',
                )}
              >
                <ListingBanner image={image} platform={platform} alt="" iconClassName="size-5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
