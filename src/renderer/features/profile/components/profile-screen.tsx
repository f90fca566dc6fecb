import type { ReactNode } from 'react'
import { Link, Navigate } from 'react-router-dom'
import { ExternalLink, Plus } from 'lucide-react'
import type { CurrentUser } from '@shared/api/auth'
import { paths } from '@/config/paths'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { UserAvatar } from '@/components/user-avatar'
import { useCurrentUser } from '@/lib/auth'
import { signInPath } from '@/lib/redirect'
import { useSeo } from '@/lib/seo'
import { OwnListings } from './own-listings'

export interface ProfileScreenProps {
  /** the viewer's newest deals on one side; the app passes the transactions feature's list */
  renderDeals: (role: 'seller' | 'buyer') => ReactNode
  /** the reviews buyers left the viewer; the app passes the reviews feature's list */
  renderReviews: (userId: number) => ReactNode
}

const SECTIONS = [
  { id: 'listings', label: 'Listings' },
  { id: 'sales', label: 'Sales' },
  { id: 'purchases', label: 'Purchases' },
  { id: 'reviews-received', label: 'Reviews' },
] as const

function Section({ id, title, text, children }: { id: string; title: string; text: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="grid gap-4">
      <div>
        <h2 id={`${id}-title`} className="text-xl font-bold tracking-tight">
          {title}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{text}</p>
      </div>
      {children}
    </section>
  )
}

function Header({ user }: { user: CurrentUser }) {
  return (
    <header className="flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-center gap-4">
        <UserAvatar username={user.username} avatar={user.avatar} className="size-16 text-2xl" />
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-widest text-mint-700 dark:text-mint-400 uppercase">My profile</p>
          <h1 className="truncate text-3xl font-extrabold tracking-tight">{user.username}</h1>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline">
          <Link to={paths.seller(user.id)}>
            <ExternalLink aria-hidden="true" /> View public profile
          </Link>
        </Button>
        <Button asChild>
          <Link to={paths.createListing}>
            <Plus aria-hidden="true" /> Create Listing
          </Link>
        </Button>
      </div>
    </header>
  )
}

function ProfileSkeleton() {
  return (
    <div role="status" aria-label="Loading your profile" className="grid gap-8">
      <div className="flex items-center gap-4">
        <Skeleton className="size-16 rounded-full" />
        <Skeleton className="h-8 w-48" />
      </div>
      <Skeleton className="h-64 rounded-2xl" />
    </div>
  )
}

/** /profile (SPEC §2): the signed-in user's own listings in every status, sales, purchases and the reviews they received. */
export function ProfileScreen({ renderDeals, renderReviews }: ProfileScreenProps) {
  const { user, isSignedIn, isLoading } = useCurrentUser()
  useSeo({ title: 'My Profile | Handover', description: 'Your listings, sales, purchases and reviews on Handover.', noIndex: true })
  if (!isLoading && !isSignedIn) return <Navigate to={signInPath(paths.profile, { reason: 'profile' })} replace />
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      {isLoading || !user ? (
        <ProfileSkeleton />
      ) : (
        <div className="grid gap-10">
          <div className="grid gap-5">
            <Header user={user} />
            <nav aria-label="On this page" className="flex gap-1 overflow-x-auto border-b pb-2">
              {SECTIONS.map((section) => (
                <a
                  key={section.id}
                  href={`#${section.id}`}
                  className="shrink-0 rounded-lg px-2 py-1.5 text-[13px] font-medium text-navy-700 min-[360px]:px-3 min-[360px]:text-sm dark:text-navy-200 hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  {section.label}
                </a>
              ))}
            </nav>
          </div>
          <Section
            id="listings"
            title="Your listings"
            text="Every account you have listed, in every status. Live listings are in the catalogue; edit them at any time except during a deal."
          >
            <OwnListings />
          </Section>
          <Section id="sales" title="Your sales" text="Deals where you sell. The money reaches your balance when the deal is completed.">
            {renderDeals('seller')}
          </Section>
          <Section id="purchases" title="Your purchases" text="Deals where you buy. Once a deal is completed, you can review the seller on its page.">
            {renderDeals('buyer')}
          </Section>
          <div id="reviews-received" className="grid gap-4">
            {renderReviews(user.id)}
          </div>
        </div>
      )}
    </div>
  )
}
