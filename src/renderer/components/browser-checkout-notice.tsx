import type { ReactNode } from 'react'
import { ExternalLink, Loader2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { openExternal } from '@/lib/platform'

const TEXTS = {
  payment: {
    text: 'The secure checkout is open in your browser. Pay there, and this window shows the result when you come back.',
    waiting: 'Waiting for payment…',
    reopen: 'Open the checkout again',
  },
  trustap: {
    text: 'Trustap’s sign-in is open in your browser. Sign in and agree there, and this window finishes connecting when you come back.',
    waiting: 'Waiting for Trustap…',
    reopen: 'Open Trustap again',
  },
} as const

export interface BrowserCheckoutNoticeProps {
  /** the provider page open in the system browser */
  url: string
  kind: keyof typeof TEXTS
  /** further actions beside "open again" (close the dialog) */
  children?: ReactNode
}

/**
 * The desktop app's state while a provider page is open in the system browser: the window stays, says where to
 * continue, and can open the page again if the browser tab was closed. The return link brings the result here.
 */
export function BrowserCheckoutNotice({ url, kind, children }: BrowserCheckoutNoticeProps) {
  const texts = TEXTS[kind]
  return (
    <div className="grid gap-4 rounded-2xl border bg-card p-5" data-testid="browser-checkout">
      <div className="flex gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-navy-900 text-mint-400">
          <ExternalLink className="size-5" aria-hidden="true" />
        </span>
        <div>
          <p className="font-semibold">Continue in your browser</p>
          <p className="mt-1 text-sm text-muted-foreground">{texts.text}</p>
        </div>
      </div>
      <p role="status" className="flex items-center gap-2 text-sm font-medium text-navy-700 dark:text-navy-200">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        {texts.waiting}
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {children}
        <Button variant="outline" onClick={() => openExternal(url)}>
          <ExternalLink aria-hidden="true" /> {texts.reopen}
        </Button>
      </div>
    </div>
  )
}
