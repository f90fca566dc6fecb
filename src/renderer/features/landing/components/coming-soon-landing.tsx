import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { ArrowRight, Clock } from 'lucide-react'
import { platformLandingText } from '@shared/seo'
import { LISTINGS_ANCHOR, paths } from '@/config/paths'
import { PLATFORMS, type PlatformId } from '@/config/platforms'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { useSeo } from '@/lib/seo'
import { PlatformLinks } from './platform-links'

/** A platform marked "Soon" (gaming): nothing to sell yet, so no index and a way back to the live ones. */
export function ComingSoonLanding({ platform, icon }: { platform: PlatformId; icon: ReactNode }) {
  const info = PLATFORMS[platform]
  useSeo({ ...platformLandingText(platform), noIndex: true })

  return (
    <>
      <section aria-labelledby="landing-title" className="bg-navy-950 text-white">
        <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-20 text-center sm:px-6 md:py-28">
          <span
            className="flex size-16 items-center justify-center rounded-2xl text-white shadow-lg ring-1 ring-white/20"
            style={{ backgroundColor: info.color }}
          >
            {icon}
          </span>
          <Badge variant="inverse" className="mt-6 px-3 py-1">
            <Clock className="size-3.5" aria-hidden="true" /> Coming soon
          </Badge>
          <h1 id="landing-title" className="mt-4 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
            {info.label} accounts are coming soon
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty text-navy-200">
            We are preparing {info.label.toLowerCase()} accounts with the same escrow protection as every other sale on Handover. Until then, browse
            accounts on the platforms that are live today.
          </p>
          <Button asChild size="lg" className="mt-8">
            <Link to={`${paths.home}#${LISTINGS_ANCHOR}`}>
              Browse live accounts <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </section>
      <div className="pt-12">
        <PlatformLinks title="Live platforms" />
      </div>
    </>
  )
}
