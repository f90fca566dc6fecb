import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { ShieldCheck } from 'lucide-react'
import { paths } from '@/config/paths'
import { StateNotice } from '@/components/state-notice'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { adminMeQueryOptions, useCurrentUser, useIsAdmin } from '@/lib/auth'
import { useSeo } from '@/lib/seo'

interface NotForAdminsProps {
  /** the notice's heading, and the page's title for an admin */
  title: string
  /** why the page is not an admin's, in one or two sentences */
  text: string
  /** the buyer's or seller's page, for everyone else */
  children: ReactNode
}

function AdminNotice({ title, text }: Omit<NotForAdminsProps, 'children'>) {
  useSeo({ title: `${title} | Handover`, description: text, noIndex: true })
  return (
    <div className="px-4 py-12 sm:px-6 lg:py-16">
      <StateNotice as="h1" icon={<ShieldCheck className="size-7" aria-hidden="true" />} title={title} text={text}>
        <Button asChild variant="primary">
          <Link to={paths.adminDashboard}>Go to the admin dashboard</Link>
        </Button>
      </StateNotice>
    </div>
  )
}

/**
 * A page for buyers and sellers (the balance, listing an account): admins neither buy nor sell, so one who opens it
 * is told so and sent on to the admin area. "Admin" is the server's rule, an admin account with two-factor on: one
 * without it is an ordinary user everywhere. Until the admin check answers nothing is shown, so an admin never sees
 * the page flash; if the check fails, the page is shown as to anyone.
 */
export function NotForAdmins({ title, text, children }: NotForAdminsProps) {
  const { isSignedIn } = useCurrentUser()
  const isAdmin = useIsAdmin(isSignedIn)
  const checking = useQuery(adminMeQueryOptions(isSignedIn)).isPending
  if (isSignedIn && checking) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:py-12" aria-hidden="true">
        <Skeleton className="h-10 w-48" />
        <Skeleton className="mt-6 h-40 rounded-2xl" />
      </div>
    )
  }
  if (isSignedIn && isAdmin) return <AdminNotice title={title} text={text} />
  return children
}
