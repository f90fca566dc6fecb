import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, NavLink, useLocation } from 'react-router-dom'
import { ShieldAlert } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { adminMeQueryOptions, useCurrentUser } from '@/lib/auth'
import { cn } from '@/lib/utils'
import { useSeo } from '@/lib/seo'

/** The admin area's sections, in the order of the navigation. */
export const ADMIN_SECTIONS = [
  { to: paths.adminDashboard, label: 'Dashboard' },
  { to: paths.paymentMonitor, label: 'Payments' },
  { to: paths.adminConversations, label: 'Chats' },
  { to: paths.adminModeration, label: 'Moderation' },
  { to: paths.adminBlog, label: 'Blog' },
  { to: paths.adminContact, label: 'Contact' },
  { to: paths.adminSettings, label: 'Settings' },
  { to: paths.adminAudit, label: 'Audit log' },
] as const

interface AdminShellProps {
  /** the page's heading and document title */
  title: string
  /** next to the heading: a count, an export button */
  actions?: ReactNode
  children: ReactNode
}

/**
 * Every admin screen sits in this: the separate admin check of SPEC §6 (admin-me → user.isAdmin), the admin
 * navigation and the page heading. Signed-out visitors are sent to the admin sign-in; signed-in users who
 * are not admins are told so. The server refuses every admin call on its own; this only spares them the screen.
 */
export function AdminShell({ title, actions, children }: AdminShellProps) {
  useSeo({ title: `${title} | Handover Admin`, description: 'Handover administration.', noIndex: true })
  const { isSignedIn, isLoading } = useCurrentUser()
  const adminMe = useQuery(adminMeQueryOptions(isSignedIn))
  const location = useLocation()

  if (isLoading || (isSignedIn && adminMe.isPending)) return <ShellSkeleton />
  if (!isSignedIn || adminMe.data !== true) return <AdminsOnly signedIn={isSignedIn} from={location.pathname + location.search} />

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8">
      <nav aria-label="Admin" className="-mx-4 overflow-x-auto px-4">
        <ul className="flex gap-1 border-b">
          {ADMIN_SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                className={({ isActive }) =>
                  cn(
                    'inline-flex h-10 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap',
                    isActive ? 'border-mint-600 text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground',
                  )
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {actions}
      </div>
      <div className="mt-6">{children}</div>
    </section>
  )
}

function AdminsOnly({ signedIn, from }: { signedIn: boolean; from: string }) {
  return (
    <section className="mx-auto flex w-full max-w-md flex-col items-center px-4 py-20 text-center">
      <ShieldAlert className="size-10 text-navy-400" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold">Admins only</h1>
      <p className="mt-2 text-muted-foreground">{signedIn ? 'This account has no admin rights.' : 'Sign in with an admin account to continue.'}</p>
      <Button asChild className="mt-6">
        {signedIn ? <Link to={paths.home}>Go to Homepage</Link> : <Link to={`${paths.adminLogin}?next=${encodeURIComponent(from)}`}>Admin Sign In</Link>}
      </Button>
    </section>
  )
}

function ShellSkeleton() {
  return (
    <div className="mx-auto mt-8 w-full max-w-6xl space-y-4 px-4" aria-hidden="true">
      <Skeleton className="h-10 w-full rounded-xl" />
      <Skeleton className="h-32 w-full rounded-2xl" />
      <Skeleton className="h-32 w-full rounded-2xl" />
    </div>
  )
}
