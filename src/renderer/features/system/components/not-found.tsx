import { Link } from 'react-router-dom'
import { ArrowRight, House, SearchX } from 'lucide-react'
import { PAGE_TEXT } from '@shared/seo'
import { useSeo } from '@/lib/seo'
import { paths } from '@/config/paths'
import { Button } from '@/components/ui/button'

const POPULAR_LINKS = [
  { to: paths.buyPlatform('youtube'), label: 'Buy YouTube Accounts' },
  { to: paths.buyPlatform('tiktok'), label: 'Buy TikTok Accounts' },
  { to: paths.buyPlatform('instagram'), label: 'Buy Instagram Accounts' },
  { to: paths.howItWorks, label: 'How It Works' },
] as const

export function NotFound() {
  useSeo({ ...PAGE_TEXT.pageNotFound, notFound: true })
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <div className="mb-6 flex size-16 items-center justify-center rounded-2xl bg-navy-900 text-mint-400">
        <SearchX className="size-8" aria-hidden="true" />
      </div>
      <p className="text-sm font-semibold tracking-widest text-mint-700 dark:text-mint-400 uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Page Not Found</h1>
      <p className="mt-3 max-w-md text-muted-foreground">The page you are looking for may have moved or no longer exists.</p>
      <Button asChild size="lg" className="mt-8">
        <Link to={paths.home}>
          <House aria-hidden="true" /> Go to Homepage
        </Link>
      </Button>
      <nav aria-label="Popular pages" className="mt-12 w-full">
        <h2 className="text-sm font-semibold text-muted-foreground">Popular pages</h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {POPULAR_LINKS.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="group flex items-center justify-between rounded-xl border bg-card px-4 py-3 text-left text-sm font-medium shadow-xs transition-colors hover:border-mint-500 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                {link.label}
                <ArrowRight className="size-4 text-navy-400 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  )
}

export default NotFound
