import { Link } from 'react-router-dom'
import { Construction } from 'lucide-react'
import { useSeo } from '@/lib/seo'
import { paths } from '@/config/paths'
import { Button } from '@/components/ui/button'

export const NOT_BUILT_TEXT = 'This screen is not built yet.'

/** Stand-in for screens later work builds; the e2e suite finds them by data-testid. */
export function NotBuilt({ title }: { title: string }) {
  useSeo({ title: `${title} | Handover`, description: `${title} on Handover.`, noIndex: true })
  return (
    <section data-testid="not-built" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <div className="mb-6 flex size-14 items-center justify-center rounded-2xl bg-navy-100 dark:bg-navy-800 text-navy-700 dark:text-navy-200">
        <Construction className="size-7" aria-hidden="true" />
      </div>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 text-muted-foreground">{NOT_BUILT_TEXT}</p>
      <Button asChild variant="outline" className="mt-8">
        <Link to={paths.home}>Back to Home</Link>
      </Button>
    </section>
  )
}

export default NotBuilt
