import { useState } from 'react'
import { Link, Navigate } from 'react-router-dom'
import { CircleCheck } from 'lucide-react'
import { paths } from '@/config/paths'
import { StateNotice } from '@/components/state-notice'
import { Button } from '@/components/ui/button'
import { Skeleton } from '@/components/ui/skeleton'
import { useCurrentUser } from '@/lib/auth'
import { signInPath } from '@/lib/redirect'
import { useSeo } from '@/lib/seo'
import { AppearanceSection } from './appearance-section'
import { AvatarSection } from './avatar-section'
import { DeleteAccountSection } from './delete-account-section'
import { DesktopSection } from './desktop-section'
import { EmailSection } from './email-section'
import { PasswordSection } from './password-section'
import { PasskeysSection } from './passkeys-section'
import { PreferencesSection } from './preferences-section'
import { SessionsSection } from './sessions-section'
import { TwoFactorSection } from './two-factor-section'

/** /settings: the signed-in user's picture, email, password, notification and sound preferences, theme, and deletion. */
export function SettingsScreen() {
  const { user, isSignedIn, isLoading } = useCurrentUser()
  // once deleted the user is signed out, and the confirmation must not give way to the sign-in redirect
  const [deleted, setDeleted] = useState(false)
  useSeo({
    title: 'Settings | Handover',
    description: 'Your Handover account: picture, email, password, notifications, sounds and theme.',
    noIndex: true,
  })

  if (deleted) return <AccountDeleted />
  if (!isLoading && !isSignedIn) return <Navigate to={signInPath(paths.settings, { reason: 'settings' })} replace />

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:py-12">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">Settings</h1>
        <p className="mt-2 text-muted-foreground">Your picture, how you sign in, and how Handover gets your attention.</p>
      </header>
      {user === null ? (
        <div className="mt-8 grid gap-6" aria-hidden="true">
          <Skeleton className="h-40 rounded-2xl" />
          <Skeleton className="h-56 rounded-2xl" />
        </div>
      ) : (
        <div className="mt-8 grid grid-cols-1 gap-6">
          <AvatarSection user={user} />
          <EmailSection />
          <PasswordSection />
          <TwoFactorSection />
          <PasskeysSection />
          <SessionsSection />
          <PreferencesSection />
          <DesktopSection />
          <AppearanceSection />
          <DeleteAccountSection onDeleted={() => setDeleted(true)} />
        </div>
      )}
    </div>
  )
}

function AccountDeleted() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <StateNotice
        as="h1"
        icon={<CircleCheck className="size-7" aria-hidden="true" />}
        title="Your account has been deleted"
        text="You have been signed out everywhere, and a confirmation is on its way to your old email address. Thank you for trading on Handover."
      >
        <Button asChild variant="primary">
          <Link to={paths.home}>Go to Homepage</Link>
        </Button>
      </StateNotice>
    </div>
  )
}
