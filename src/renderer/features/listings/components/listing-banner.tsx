import { useState } from 'react'
import { PLATFORMS, type PlatformId } from '@/config/platforms'
import { imageSrc } from '@/lib/image-src'
import { cn } from '@/lib/utils'
import { PlatformMark } from './platform-mark'

interface ListingBannerProps {
  image: string | undefined
  platform: PlatformId
  alt: string
  className?: string
  iconClassName?: string
  /** Above-the-fold images on the detail page should not wait for lazy loading: asked for first, at high priority. */
  eager?: boolean
}

/** A listing image (ours directly, others through the proxy), or the platform's colour and icon when there is none or it fails. */
export function ListingBanner({ image, platform, alt, className, iconClassName, eager = false }: ListingBannerProps) {
  // Remember which URL failed, so a new image for the same slot gets its own chance.
  const [failed, setFailed] = useState<string | null>(null)
  const color = PLATFORMS[platform]?.color ?? '#0f1a38'
  const platformArt = `linear-gradient(135deg, ${color} 0%, #0a1128 130%)`

  if (image && failed !== image) {
    return (
      <img
        src={imageSrc(image)}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
        onError={() => setFailed(image)}
        className={cn('size-full object-cover', className)}
        // the platform's colours until the picture arrives (lazy ones load as they scroll in), never a blank box
        style={{ backgroundImage: platformArt }}
      />
    )
  }
  // An empty alt marks the picture as decorative (the card's title says what it is), like <img alt="">.
  const decorative = alt === ''
  return (
    <div
      data-slot="listing-banner-fallback"
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : alt}
      aria-hidden={decorative ? true : undefined}
      className={cn('flex size-full items-center justify-center text-white', className)}
      style={{ backgroundImage: platformArt }}
    >
      <PlatformMark platform={platform} className={cn('size-10 opacity-90', iconClassName)} />
    </div>
  )
}
