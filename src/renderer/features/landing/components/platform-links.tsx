import { Link } from 'react-router-dom'
import { ArrowRight } from 'lucide-react'
import { LIVE_PLATFORMS } from '@shared/constants'
import { paths } from '@/config/paths'
import { PLATFORMS, type PlatformId } from '@/config/platforms'
import { VERIFIED_LANDING_PATH } from '../lib/landing-path'

interface PlatformLinksProps {
  title: string
  /** the page's own platform, left out */
  current?: PlatformId
  /** also link the verified landing */
  withVerified?: boolean
}

/** Links to the other landing pages: the way on for a visitor and for a crawler. */
export function PlatformLinks({ title, current, withVerified = true }: PlatformLinksProps) {
  const links = [
    ...LIVE_PLATFORMS.filter((platform) => platform !== current).map((platform) => ({
      to: paths.buyPlatform(platform),
      label: `${PLATFORMS[platform].label} accounts`,
      color: PLATFORMS[platform].color,
    })),
    ...(withVerified ? [{ to: VERIFIED_LANDING_PATH, label: 'Verified accounts', color: '#0ea5e9' }] : []),
  ]
  return (
    <nav aria-labelledby="platform-links-title" className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8">
      <h2 id="platform-links-title" className="text-lg font-semibold">
        {title}
      </h2>
      <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="group flex items-center gap-3 rounded-xl border bg-card px-4 py-3 text-sm font-medium shadow-xs transition-colors hover:border-mint-500 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: link.color }} />
              <span className="flex-1">{link.label}</span>
              <ArrowRight className="size-4 text-navy-400 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
