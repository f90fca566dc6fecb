import { useEffect, useMemo, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { describeError, errorStatus } from '@/lib/api-client'
import { useCurrentUser } from '@/lib/auth'
import { useFinishTrustapOAuth } from '../api/finish-trustap-oauth'
import {
  connectedView,
  exchangeFailedView,
  initialView,
  planCallback,
  readCallbackParams,
  shouldExchange,
  type CallbackView,
} from '../lib/trustap-callback'

/**
 * Runs the authorisation callback: reads Trustap's answer from the URL, posts the code and state once for the
 * signed-in user, and after success goes back to /trustap-integration. The decisions live in lib/trustap-callback.ts.
 */
export function useTrustapCallback(): CallbackView {
  const [search] = useSearchParams()
  const plan = useMemo(() => planCallback(readCallbackParams(search)), [search])
  const { isSignedIn, isLoading } = useCurrentUser()
  const signedIn = isLoading ? null : isSignedIn
  const navigate = useNavigate()
  const { mutateAsync: finish } = useFinishTrustapOAuth()
  const [result, setResult] = useState<CallbackView | null>(null)
  const posted = useRef(false)

  useEffect(() => {
    // once per visit: StrictMode runs effects twice, and the state is single-use, so a second post would be refused
    if (posted.current || !shouldExchange(plan, signedIn)) return
    posted.current = true
    finish(plan.request).then(
      (connection) => setResult(connectedView(connection)),
      (error: unknown) => setResult(exchangeFailedView(describeError(error, '') || null, errorStatus(error))),
    )
  }, [plan, signedIn, finish])

  const view = result ?? initialView(plan, signedIn)
  const redirect = view.phase === 'connected' ? view.redirect : null
  useEffect(() => {
    if (!redirect) return
    // replace: Back must not land on a callback whose state is spent
    const timer = window.setTimeout(() => navigate(redirect.to, { replace: true }), redirect.delayMs)
    return () => window.clearTimeout(timer)
  }, [redirect, navigate])

  return view
}
