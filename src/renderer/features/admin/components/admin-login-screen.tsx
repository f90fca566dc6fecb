import { useState, type FormEvent } from 'react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Navigate, useSearchParams } from 'react-router-dom'
import { ShieldCheck } from 'lucide-react'
import { loginRequestSchema, type LoginRequest } from '@shared/api/auth'
import type { TwoFactorChallenge } from '@shared/api/two-factor'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { CredentialFields } from '@/components/credential-fields'
import { validate, type FieldErrors } from '@/lib/field-errors'
import { describeError } from '@/lib/api-client'
import { api } from '@/lib/api'
import { adminMeQueryOptions, useCurrentUser, useSetSignedInUser, verifySecondFactor } from '@/lib/auth'
import { SecondFactorForm } from '@/components/second-factor-form'
import { PasskeySignInButton } from '@/components/passkey-sign-in-button'
import { useSeo } from '@/lib/seo'

/** Only an admin page may be the way on after signing in: `next` comes from the address bar. */
export function adminDestination(next: string | null): string {
  return next && /^\/admin[-/][\w\-/?=&%.]*$/.test(next) && !next.startsWith('/admin-login') ? next : paths.adminDashboard
}

/**
 * /admin and /admin-login: the admin area's own sign-in (SPEC §6). It calls /api/auth/admin-login, which
 * signs in admins only: an ordinary account's right password gets "no admin rights" and no session.
 */
export function AdminLoginScreen() {
  useSeo({ title: 'Admin Login | Handover', description: 'Sign in to Handover administration.', noIndex: true })
  const [params] = useSearchParams()
  const destination = adminDestination(params.get('next'))
  const { user, isSignedIn, isLoading } = useCurrentUser()
  const adminMe = useQuery(adminMeQueryOptions(isSignedIn))
  const setSignedInUser = useSetSignedInUser()
  const [values, setValues] = useState<LoginRequest>({ username: '', password: '' })
  const [errors, setErrors] = useState<FieldErrors<LoginRequest>>({})
  const [signedIn, setSignedIn] = useState(false)
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null)
  const finish = async (signedInUser: unknown) => {
    await setSignedInUser(signedInUser)
    setSignedIn(true)
  }
  const mutation = useMutation({
    // with two-factor on, the answer is a challenge to finish with a second factor rather than a session
    mutationFn: (input: LoginRequest): Promise<{ user: unknown } | TwoFactorChallenge> => api(authEndpoints.postAuthAdminLogin, { body: input }),
    onSuccess: async (data) => {
      if ('requiresTwoFactor' in data) setChallenge(data)
      else await finish(data.user)
    },
  })

  if (signedIn || (isSignedIn && adminMe.data?.isAdmin === true)) return <Navigate to={destination} replace />

  const update = (field: keyof LoginRequest) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors((e) => ({ ...e, [field]: undefined }))
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = validate(loginRequestSchema, values)
    setErrors(result.errors ?? {})
    if (result.data) mutation.mutate(result.data)
  }

  return (
    <section className="mx-auto flex w-full max-w-sm flex-col px-4 py-16">
      <ShieldCheck className="size-10 text-mint-600 dark:text-mint-400" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight">Admin Login</h1>
      <p className="mt-1 text-sm text-muted-foreground">Handover administration. Admin accounts only.</p>
      {!isLoading && isSignedIn && adminMe.data?.isAdmin === false && (
        <p className="mt-4 rounded-xl border bg-muted/50 p-3 text-sm">
          You are signed in as <strong>{user?.username}</strong>, which has no admin rights. Sign in with an admin account to continue.
        </p>
      )}
      {challenge ? (
        <div className="mt-6 grid gap-4">
          <p className="text-sm text-muted-foreground">Confirm it is you with your second factor.</p>
          <SecondFactorForm
            idPrefix="admin-"
            methods={challenge.methods}
            submitLabel="Verify and Sign In"
            onSubmit={async (input) => finish((await verifySecondFactor(input)).user)}
          />
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="mt-6 grid gap-5" aria-label="Admin sign-in">
          <CredentialFields idPrefix="admin-" values={values} errors={errors} onChange={(field, value) => update(field)(value)} />
          {mutation.error && (
            <p role="alert" className="text-sm text-destructive">
              {describeError(mutation.error, 'Could not sign in. Please try again.')}
            </p>
          )}
          <Button type="submit" size="lg" disabled={mutation.isPending} className="w-full">
            {mutation.isPending ? 'Signing in...' : 'Sign In'}
          </Button>
        </form>
      )}
      <PasskeySignInButton admin className="mt-5" onSignedIn={finish} />
    </section>
  )
}
