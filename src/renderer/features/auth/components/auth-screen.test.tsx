// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { AUTH_MESSAGES } from '@shared/api/auth'
import { authEndpoints } from '@shared/api/endpoints/auth'
import { settingsEndpoints } from '@shared/api/endpoints/settings'
import { RESEND_COOLDOWN_MS } from '@shared/constants'
import { toastStore } from '@/hooks/use-toast'
import { apiUrl } from '@/lib/api'
import { AuthScreen } from './auth-screen'

type Handler = (body: unknown) => { status: number; body: unknown }

const LOGIN = apiUrl(authEndpoints.postAuthLogin)
const ME = apiUrl(authEndpoints.getAuthMe)
const SITE = apiUrl(settingsEndpoints.getSite)
const SIGNUP = apiUrl(authEndpoints.postAuthSignup)
const RESEND = apiUrl(authEndpoints.postAuthResendVerification)
const VERIFY = apiUrl(authEndpoints.postAuthVerifyEmail)

/** Routes fetch calls by path; the test decides what the server answers. */
function stubServer(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    const handler = handlers[path]
    if (!handler) return new Response('', { status: 404 })
    const { status, body } = handler(init?.body ? JSON.parse(String(init.body)) : undefined)
    return new Response(JSON.stringify(body), { status })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

/** Any other page the screen sends the user on to. */
function Elsewhere() {
  const { pathname, search } = useLocation()
  return <output data-testid="elsewhere">{pathname + search}</output>
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<AuthScreen tab="login" />} />
          <Route path="/signup" element={<AuthScreen tab="signup" />} />
          <Route path="/" element={<p>Home page</p>} />
          <Route path="*" element={<Elsewhere />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } })
const toastTitles = () => toastStore.getState().map((t) => t.title)
const openToastTitles = () =>
  toastStore
    .getState()
    .filter((t) => t.open)
    .map((t) => t.title)

/** What a keyboard user hears for the focused element: a field's label, else its text. */
function focusedName(): string {
  const el = document.activeElement as HTMLElement
  const label = el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : undefined
  return `${el.getAttribute('role') ?? el.tagName.toLowerCase()} ${label ?? el.textContent}`.trim()
}

beforeEach(() => {
  toastStore.clear()
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('sign in', () => {
  it('shows the shared validation messages under empty fields', () => {
    renderAt('/login')
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(screen.getByText(AUTH_MESSAGES.usernameRequired)).toBeTruthy()
    expect(screen.getByText(AUTH_MESSAGES.passwordRequired)).toBeTruthy()
  })

  it('toasts the server message when login fails', async () => {
    stubServer({ [LOGIN]: () => ({ status: 401, body: { message: AUTH_MESSAGES.invalidCredentials } }) })
    renderAt('/login')
    type('Username', 'alice')
    type('Password', 'wrong')
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    await waitFor(() => expect(toastTitles()).toContain('Login failed'))
    expect(toastStore.getState()[0]).toMatchObject({ variant: 'destructive', description: AUTH_MESSAGES.invalidCredentials })
  })

  it('welcomes the user back and goes home', async () => {
    const user = { id: 1000, username: 'alice', avatar: null, balance: '15.00' }
    stubServer({ [LOGIN]: () => ({ status: 200, body: { success: true, user } }), [ME]: () => ({ status: 200, body: user }) })
    renderAt('/login')
    type('Username', 'alice')
    type('Password', 'secret-password')
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    await screen.findByText('Home page')
    expect(toastTitles()).toContain('Welcome back!')
  })

  it('Tab goes from the Sign In tab to Username, Password, Sign In, then "Forgot your password?", never to the panel', async () => {
    const user = userEvent.setup()
    renderAt('/login')
    screen.getByRole('tab', { name: 'Sign In' }).focus()
    const order: string[] = []
    for (let i = 0; i < 5; i++) {
      await user.tab()
      order.push(focusedName())
    }
    // the show/hide button is part of the password field
    expect(order).toEqual(['input Username', 'input Password', 'button Show password', 'button Sign In', 'a Forgot your password?'])
  })

  it('shows the admins’ announcement above the form, as pages with the header show it under theirs', async () => {
    stubServer({
      [SITE]: () => ({ status: 200, body: { maintenanceBanner: 'Sign-ins pause at 02:00 UTC for ten minutes.', welcomeBonus: '15.00' } }),
    })
    renderAt('/login')
    const banner = await screen.findByRole('region', { name: 'Announcement' })
    expect(banner.textContent).toContain('Sign-ins pause at 02:00 UTC for ten minutes.')
    // before the form in reading order, so a screen reader meets it first
    expect(banner.compareDocumentPosition(screen.getByRole('button', { name: 'Sign In' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })
})

describe('sign up and verification', () => {
  async function reachVerifyStep() {
    stubServer({
      [SIGNUP]: (body) => ({ status: 200, body: { requiresVerification: true, email: (body as { email: string }).email } }),
      [RESEND]: () => ({ status: 200, body: { success: true, message: 'sent', retryAfterSeconds: 60 } }),
    })
    renderAt('/signup')
    type('Username', 'alice')
    type('Email', 'alice@example.com')
    type('Password', 'secret-password')
    type('Confirm Password', 'secret-password')
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }))
    await screen.findByText('Check Your Email')
  }

  it('reports mismatched passwords on the confirmation field', () => {
    renderAt('/signup')
    type('Username', 'alice')
    type('Email', 'alice@example.com')
    type('Password', 'one')
    type('Confirm Password', 'two')
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }))
    const confirm = screen.getByLabelText('Confirm Password', { exact: true })
    expect(confirm.getAttribute('aria-describedby')).toBe('confirmPassword-error')
    expect(screen.getByText(AUTH_MESSAGES.passwordsDontMatch).id).toBe('confirmPassword-error')
  })

  it("sends any password (no strength rule on the form) and shows the server's refusal under the field and in a toast", async () => {
    const sent: unknown[] = []
    stubServer({
      [SIGNUP]: (body) => {
        sent.push(body)
        return { status: 400, body: { message: AUTH_MESSAGES.passwordCommon } }
      },
    })
    renderAt('/signup')
    type('Username', 'alice')
    type('Email', 'alice@example.com')
    type('Password', 'pass')
    type('Confirm Password', 'pass')
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }))
    await waitFor(() => expect(toastTitles()).toContain('Signup failed'))
    expect(sent).toHaveLength(1)
    expect(toastStore.getState()[0]).toMatchObject({ description: AUTH_MESSAGES.passwordCommon })
    const password = screen.getByLabelText('Password', { exact: true })
    expect(password.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText(AUTH_MESSAGES.passwordCommon, { selector: '#password-error' })).toBeTruthy()
  })

  it.each([
    ['username', 'Username', 'username_taken', AUTH_MESSAGES.usernameTaken],
    ['email', 'Email', 'email_taken', AUTH_MESSAGES.emailTaken],
  ])('shows a taken %s under its field as well as in a toast', async (id, label, code, message) => {
    stubServer({ [SIGNUP]: () => ({ status: 409, body: { error: { code, message }, message } }) })
    renderAt('/signup')
    type('Username', 'alice')
    type('Email', 'alice@example.com')
    type('Password', 'secret-password')
    type('Confirm Password', 'secret-password')
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }))
    await waitFor(() => expect(toastTitles()).toContain('Signup failed'))
    const field = screen.getByLabelText(label, { exact: true })
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(field.getAttribute('aria-describedby')).toBe(`${id}-error`)
    expect(screen.getByText(message, { selector: `#${id}-error` })).toBeTruthy()
  })

  it('moves to the verify step with the email prefilled and keeps only six digits of the code', async () => {
    await reachVerifyStep()
    expect(toastTitles()).toContain('Check your email')
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('alice@example.com')
    type('Verification Code', '12a3 45-6789')
    expect((screen.getByLabelText('Verification Code') as HTMLInputElement).value).toBe('123456')
  })

  it('keeps all six digits of a code pasted with a space or a dash', async () => {
    await reachVerifyStep()
    const user = userEvent.setup()
    const code = screen.getByLabelText('Verification Code') as HTMLInputElement
    for (const pasted of ['123 456', '123-456']) {
      await user.clear(code)
      await user.paste(pasted)
      expect(code.value).toBe('123456')
    }
  })

  /** Fake timers that still move with the clock, so requests answer; `pass` jumps a whole cooldown ahead. */
  function fakeClock() {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    return {
      async pass(ms: number) {
        // the countdown sets its next tick after each render, one second at a time
        for (let left = ms; left > 0; left -= 1_000) await act(() => vi.advanceTimersByTimeAsync(1_000))
      },
    }
  }

  it('opens the verify step with Resend counting down, as the server refuses another code for 60 s after sign-up', async () => {
    const clock = fakeClock()
    await reachVerifyStep()
    const counting = screen.getByRole('button', { name: `Resend in ${RESEND_COOLDOWN_MS / 1000}s` }) as HTMLButtonElement
    expect(counting.disabled).toBe(true)
    await clock.pass(RESEND_COOLDOWN_MS)
    expect((screen.getByRole('button', { name: 'Resend Code' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('disables Resend for 60 s after a resend succeeds', async () => {
    const clock = fakeClock()
    await reachVerifyStep()
    await clock.pass(RESEND_COOLDOWN_MS)
    fireEvent.click(screen.getByRole('button', { name: 'Resend Code' }))
    const counting = await screen.findByRole('button', { name: `Resend in ${RESEND_COOLDOWN_MS / 1000}s` })
    expect((counting as HTMLButtonElement).disabled).toBe(true)
    expect(toastTitles()).toContain('Code sent')
  })

  it('lets each step’s toast take the place of the one before: no "Verification failed" beside the welcome', async () => {
    const user = { id: 1000, username: 'alice', avatar: null, balance: '15.00' }
    let attempts = 0
    await reachVerifyStep()
    stubServer({
      [VERIFY]: () =>
        ++attempts === 1
          ? { status: 400, body: { error: { code: 'invalid_code', message: AUTH_MESSAGES.invalidCode }, message: AUTH_MESSAGES.invalidCode } }
          : { status: 200, body: { success: true, user } },
      [ME]: () => ({ status: 200, body: user }),
    })
    type('Verification Code', '111111')
    fireEvent.click(screen.getByRole('button', { name: 'Verify & Create Account' }))
    await waitFor(() => expect(openToastTitles()).toEqual(['Verification failed']))
    type('Verification Code', '123456')
    fireEvent.click(screen.getByRole('button', { name: 'Verify & Create Account' }))
    await screen.findByText('Home page')
    expect(openToastTitles()).toEqual(['Welcome to Handover!'])
  })

  it('goes back to sign-up with the form kept and the code cleared', async () => {
    await reachVerifyStep()
    type('Verification Code', '123456')
    fireEvent.click(screen.getByRole('button', { name: 'Back to signup' }))
    await screen.findByRole('button', { name: 'Create Account' })
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('alice')
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }))
    await screen.findByText('Check Your Email')
    expect((screen.getByLabelText('Verification Code') as HTMLInputElement).value).toBe('')
  })

  it('rejects a short code with the shared message', async () => {
    await reachVerifyStep()
    type('Verification Code', '123')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify & Create Account' }))
    })
    expect(screen.getByText(AUTH_MESSAGES.codeLength)).toBeTruthy()
  })
})

describe('coming back after signing in', () => {
  const user = { id: 1000, username: 'alice', avatar: null, balance: '15.00' }
  const heading = () => screen.getByRole('heading', { level: 1 }).textContent

  function signIn() {
    type('Username', 'alice')
    type('Password', 'secret-password')
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
  }

  it('says why on the heading, and returns to the page that sent the visitor, its query included', async () => {
    stubServer({ [LOGIN]: () => ({ status: 200, body: { success: true, user } }), [ME]: () => ({ status: 200, body: user }) })
    renderAt('/login?redirect=%2Ftransactions%3Fstatus%3Dactive&reason=transactions')
    expect(heading()).toBe('Sign in to see your transactions')
    expect(screen.getByText('You will come straight back once you are signed in.')).toBeTruthy()
    signIn()
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/transactions?status=active')
  })

  it('keeps the way back through the Sign Up tab and the verify step, and ends on the listing', async () => {
    stubServer({
      [SIGNUP]: (body) => ({ status: 200, body: { requiresVerification: true, email: (body as { email: string }).email } }),
      [VERIFY]: () => ({ status: 200, body: { success: true, user } }),
      [ME]: () => ({ status: 200, body: user }),
    })
    renderAt('/login?redirect=%2Flisting%2F11&reason=buy&handle=catclips')
    expect(heading()).toBe('Sign in to buy @catclips')
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Sign Up' }))
    await waitFor(() => expect(heading()).toBe('Sign up to buy @catclips'))
    type('Username', 'alice')
    type('Email', 'alice@example.com')
    type('Password', 'secret-password')
    type('Confirm Password', 'secret-password')
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }))
    await screen.findByText('Check Your Email')
    type('Verification Code', '123456')
    fireEvent.click(screen.getByRole('button', { name: 'Verify & Create Account' }))
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/listing/11')
  })

  it('keeps the way back when the verify step goes back to sign-up', async () => {
    stubServer({
      [SIGNUP]: (body) => ({ status: 200, body: { requiresVerification: true, email: (body as { email: string }).email } }),
      [LOGIN]: () => ({ status: 200, body: { success: true, user } }),
      [ME]: () => ({ status: 200, body: user }),
    })
    renderAt('/signup?redirect=%2Fbalance&reason=balance')
    type('Username', 'alice')
    type('Email', 'alice@example.com')
    type('Password', 'secret-password')
    type('Confirm Password', 'secret-password')
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }))
    await screen.findByText('Check Your Email')
    fireEvent.click(screen.getByRole('button', { name: 'Back to signup' }))
    await waitFor(() => expect(heading()).toBe('Sign up to see your balance'))
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Sign In' }))
    await waitFor(() => expect(heading()).toBe('Sign in to see your balance'))
    signIn()
    expect((await screen.findByTestId('elsewhere')).textContent).toBe('/balance')
  })

  it.each([
    ['another host', '%2F%2Fevil.com'],
    ['another host behind a backslash', '%2F%5Cevil.com'],
    ['a script', 'javascript%3Aalert(1)'],
    ['the sign-in page again', '%2Flogin'],
  ])('goes home instead of to %s, and says nothing of why', async (_, redirect) => {
    stubServer({ [LOGIN]: () => ({ status: 200, body: { success: true, user } }), [ME]: () => ({ status: 200, body: user }) })
    renderAt(`/login?redirect=${redirect}&reason=buy&handle=catclips`)
    expect(heading()).toBe('Welcome back')
    signIn()
    await screen.findByText('Home page')
  })

  it('shows no words a link made up: an unknown reason keeps the usual heading', () => {
    renderAt('/login?redirect=%2Ftransactions&reason=Your+account+is+locked')
    expect(heading()).toBe('Welcome back')
    expect(screen.getByText('Sign in to buy, sell and chat with sellers.')).toBeTruthy()
  })
})
