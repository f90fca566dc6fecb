import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { MailCheck } from 'lucide-react'
import type { SignupRequest } from '@shared/api/auth'
import { VERIFICATION_CODE_LENGTH } from '@shared/constants'
import { formatMoney } from '@shared/format'
import { paths } from '@/config/paths'
import { useSetSignedInUser } from '@/lib/auth'
import { REDIRECT_PARAM, safeRedirect, signInActivity } from '@/lib/redirect'
import { useSeo } from '@/lib/seo'
import { hasBonus, useWelcomeBonus } from '@/lib/site-info'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { PasskeySignInButton } from '@/components/passkey-sign-in-button'
import type { SignupResult } from '../api/signup'
import { AUTH_TOASTS, toastSuccess, toastWelcome } from '../lib/auth-toasts'
import { AuthShell } from './auth-shell'
import { LoginForm } from './login-form'
import { EMPTY_SIGNUP, SignupForm } from './signup-form'
import { VerifyForm } from './verify-form'

export type AuthTab = 'login' | 'signup'

const HEADINGS = {
  login: { title: 'Welcome back', text: 'Sign in to buy, sell and chat with sellers.', to: 'Sign in to' },
  signup: { title: 'Create your account', text: 'Start trading in minutes.', to: 'Sign up to' },
} as const

/**
 * The screen's heading and the line under it. Sent from a page or an action, the heading says what for ("Sign in to
 * buy @handle") and Sign In's line promises the way back; Sign Up keeps its welcome bonus.
 */
function intro(tab: AuthTab, activity: string | null, bonus: string): { title: string; text: string } {
  const title = activity ? `${HEADINGS[tab].to} ${activity}` : HEADINGS[tab].title
  if (tab === 'signup' && hasBonus(bonus)) return { title, text: `Start trading in minutes — with ${formatMoney(bonus)} on us.` }
  if (tab === 'login' && activity) return { title, text: 'You will come straight back once you are signed in.' }
  return { title, text: HEADINGS[tab].text }
}

/** SPEC §2/§4: Sign In / Sign Up tabs (the route picks one) and the email-verification step. */
export function AuthScreen({ tab }: { tab: AuthTab }) {
  useSeo({
    title: `${tab === 'login' ? 'Sign In' : 'Sign Up'} | Handover`,
    description: 'Sign in or create a Handover account to buy and sell social media accounts with escrow protection.',
  })
  const navigate = useNavigate()
  const [params] = useSearchParams()
  // a page or action that sent the visitor to sign in (Buy Now, /transactions) gets them back; otherwise home. The
  // query rides along through the tabs and the verify step, and survives a reload.
  const destination = safeRedirect(params.get(REDIRECT_PARAM)) ?? paths.home
  const bonus = useWelcomeBonus()
  const heading = intro(tab, signInActivity(params), bonus)
  const setSignedInUser = useSetSignedInUser()
  const [signupValues, setSignupValues] = useState<SignupRequest>(EMPTY_SIGNUP)
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null)

  /** `user` is what the server signed in; without one the current user is simply refetched. */
  const continueAs = (user?: unknown) => {
    void setSignedInUser(user)
    navigate(destination)
  }

  const welcomeBackAs = (user: unknown) => {
    toastSuccess(AUTH_TOASTS.welcomeBack)
    continueAs(user)
  }

  const onSignedUp = (result: SignupResult, input: SignupRequest) => {
    if (result.requiresVerification) {
      toastSuccess(AUTH_TOASTS.checkEmail)
      setVerifyEmail(result.email ?? input.email)
      return
    }
    toastWelcome()
    continueAs()
  }

  if (verifyEmail !== null) {
    return (
      <AuthShell>
        <div className="mb-8 text-center">
          <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-navy-900 text-mint-400">
            <MailCheck className="size-7" aria-hidden="true" />
          </span>
          <h1 className="mt-5 text-3xl font-bold tracking-tight">Check Your Email</h1>
          <p className="mt-2 text-muted-foreground">
            We sent a {VERIFICATION_CODE_LENGTH}-digit code to <span className="font-semibold text-foreground">{verifyEmail}</span>.
          </p>
        </div>
        <VerifyForm
          initialEmail={verifyEmail}
          onVerified={(user) => {
            toastWelcome(user)
            continueAs(user)
          }}
          onBack={() => {
            setVerifyEmail(null)
            navigate({ pathname: paths.signup, search: params.toString() }, { replace: true })
          }}
        />
      </AuthShell>
    )
  }

  return (
    <AuthShell>
      <div className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight break-words">{heading.title}</h1>
        <p className="mt-2 text-muted-foreground">{heading.text}</p>
      </div>
      <Tabs
        value={tab}
        onValueChange={(next) => navigate({ pathname: next === 'login' ? paths.login : paths.signup, search: params.toString() }, { replace: true })}
      >
        <TabsList aria-label="Sign in or sign up">
          <TabsTrigger value="login">Sign In</TabsTrigger>
          <TabsTrigger value="signup">Sign Up</TabsTrigger>
        </TabsList>
        {/* the panels hold their own fields, so they are no Tab stop of their own (radix makes them one by default) */}
        <TabsContent value="login" tabIndex={-1}>
          <LoginForm onSignedIn={continueAs} />
          <PasskeySignInButton className="mt-5" onSignedIn={welcomeBackAs} />
        </TabsContent>
        <TabsContent value="signup" tabIndex={-1}>
          <SignupForm values={signupValues} onChange={setSignupValues} onSignedUp={onSignedUp} />
        </TabsContent>
      </Tabs>
    </AuthShell>
  )
}
