import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, NavLink, useLocation } from 'react-router-dom'
import { KeyRound, ShieldAlert } from 'lucide-react'
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
  if (!isSignedIn || adminMe.data?.isAdmin !== true) return <AdminsOnly signedIn={isSignedIn} from={location.pathname + location.search} />
  if (!adminMe.data.twoFactorEnabled) return <EnrolFirst from={location.pathname + location.search} />

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
        {signedIn ? (
          <Link to={paths.home}>Go to Homepage</Link>
        ) : (
          <Link to={`${paths.adminLogin}?next=${encodeURIComponent(from)}`}>Admin Sign In</Link>
        )}
      </Button>
    </section>
  )
}

/** An admin without two-factor: the server opens nothing of the admin area until it is on, so show how. */
function EnrolFirst({ from }: { from: string }) {
  return (
    <section className="mx-auto flex w-full max-w-lg flex-col px-4 py-16" aria-labelledby="enrol-first-title">
      <KeyRound className="size-10 text-mint-600 dark:text-mint-400" aria-hidden="true" />
      <h1 id="enrol-first-title" className="mt-4 text-2xl font-bold">
        Turn on two-factor sign-in first
      </h1>
      <p className="mt-2 text-muted-foreground">
        Admins decide on other people&apos;s money, so the admin area opens only for accounts with two-factor sign-in. It takes a minute:
      </p>
      <ol className="mt-4 list-decimal space-y-2 pl-5 text-sm">
        <li>
          In Settings, under Two-factor sign-in, choose <strong>Set up an authenticator app</strong> (or add a passkey).
        </li>
        <li>Scan the QR code with an authenticator app (Google Authenticator, 1Password, Authy…) or type in the key shown beside it.</li>
        <li>Type the 6-digit code the app shows, and keep the ten recovery codes somewhere safe.</li>
      </ol>
      <Button asChild variant="primary" className="mt-6 self-start">
        <Link to={`${paths.settings}?next=${encodeURIComponent(from)}#two-factor`}>Set up two-factor sign-in</Link>
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
