import { useState } from 'react'
import { Megaphone } from 'lucide-react'
import { useSiteInfo } from '@/lib/site-info'
import { DismissButton } from '@/components/dismiss-button'
import { cn } from '@/lib/utils'
import { dismissBanner, isBannerDismissed } from '@/lib/banner-dismissal'

/**
 * The admins' announcement (settings → maintenance banner): under the header on every page with one, and at the top
 * of the sign-in form's column on the pages without (`className` places it there).
 * Nothing shows while it loads or when the request fails: a banner is never worth an error on the page.
 */
export function MaintenanceBanner({ className }: { className?: string }) {
  const text = useSiteInfo().data?.maintenanceBanner ?? null
  const [dismissed, setDismissed] = useState<string | null>(null)
  if (!text || dismissed === text || isBannerDismissed(text)) return null

  function dismiss(current: string) {
    dismissBanner(current)
    setDismissed(current)
  }

  return (
    <div
      role="region"
      aria-label="Announcement"
      className={cn('border-b border-amber-200 dark:border-amber-800 bg-amber-50 dark:bg-amber-950/40 text-amber-950 dark:text-amber-100', className)}
    >
      <div className="mx-auto flex max-w-7xl items-start gap-3 px-4 py-2.5 sm:px-6 lg:px-8">
        <Megaphone className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden="true" />
        <p className="flex-1 text-sm font-medium break-words">{text}</p>
        <DismissButton
          onClick={() => dismiss(text)}
          label="Dismiss announcement"
          className="size-7 text-amber-800 dark:text-amber-200 hover:bg-amber-100 dark:hover:bg-amber-900/40 focus-visible:ring-amber-500"
        />
      </div>
    </div>
  )
}
