// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import { paymentsEndpoints } from '@shared/api/endpoints/payments'
import { apiUrl } from '@/lib/api'
import { balanceKeys } from '@/lib/query-keys'
import { DEPOSIT_EMPHASIS_MS } from '../hooks/use-deposit-return'
import { BOB, renderAt, stubServer } from '../test-harness'

/**
 * Deposits on the payment return screen (a failed one, one with no ids in a popup) and the balance page's Withdraw
 * dialog before the balance has loaded, rendered as a user meets them, with the server stubbed at fetch.
 */

/** a user with more than the $15.00 a missing balance reads as */
const RICH_BOB = { ...BOB, balance: '500.00' }

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  localStorage.clear()
  Reflect.deleteProperty(window, 'opener')
})

describe('a deposit back from the provider', () => {
  /*
   * SPEC §2 "Payment return screen": "Other redirects: ... /payment-failed?reason&error&tx_id".
   * SPEC §3: "Payment-return URL params: transaction_id or tx_id, ... order_id" and §4 "order_id starting deposit_
   * ... means a balance deposit". docs/decisions.md: "/payment-failed offers 'Try paying again' on the deal when
   * tx_id is a deal id, else the balance page."
   * For a deposit, tx_id is the provider's own reference (Trustap's is numeric: trustap.provider.ts
   * `providerRef = String(tx.id)`), not a deal id, so a failed deposit must send the user back to /balance.
   */
  it('a failed deposit at the provider offers trying again from /balance, not /transaction/{provider tx id}', async () => {
    const sent = stubServer(() => Response.json({}))
    renderAt(
      '/payment/trustap/return?order_id=deposit_1001_1700000000&type=deposit&payment_type=deposit&tx_id=48213&trustap_status=error&code=failed',
    )
    expect(await screen.findByText('Payment was not completed. Please try again.')).toBeTruthy()
    expect(sent).toEqual([])
    const failed = await screen.findByTestId('payment-failed', {}, { timeout: 3000 })
    const links = within(failed)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'))
    expect(links).not.toContain('/transaction/48213')
    expect(links).toContain('/balance')
  })

  /*
   * SPEC §4 "Payment return": "A deposit with no ids goes to /balance after 1.5 s." and "When opened as a popup it
   * posts a trustap_payment_completed message (status, paymentType, details, redirectTo) to the opener and closes
   * after 1.5 s." (decisions.md: the popup posts and closes "when the outcome goes somewhere").
   */
  it('in a popup, a deposit return with no ids tells the opener (redirectTo /balance) and closes', async () => {
    const postMessage = vi.fn()
    Object.defineProperty(window, 'opener', { value: { closed: false, postMessage }, configurable: true, writable: true })
    const close = vi.spyOn(window, 'close').mockImplementation(() => {})
    stubServer(() => Response.json({}))
    renderAt('/payment/trustap/return?type=deposit&status=success')
    await waitFor(
      () =>
        expect(postMessage).toHaveBeenCalledWith(
          expect.objectContaining({ type: 'trustap_payment_completed', redirectTo: '/balance' }),
          window.location.origin,
        ),
      { timeout: 3000 },
    )
    await waitFor(() => expect(close).toHaveBeenCalled(), { timeout: 3000 })
    close.mockRestore()
  })
})

/** /balance for RICH_BOB: $500.00 available, no history, no withdrawals; what the page sends is recorded */
const stubBalancePage = () =>
  stubServer((path) => {
    if (path === apiUrl(paymentsEndpoints.getBalance)) return Response.json({ available: '500.00', pendingWithdrawals: '0.00', inEscrow: '0.00' })
    if (path.startsWith(paymentsEndpoints.getBalanceHistory.path)) return Response.json([], { headers: { 'X-Total-Count': '0' } })
    if (path.startsWith(paymentsEndpoints.getWithdrawals.path)) return Response.json([])
    return Response.json({ message: 'not found' }, { status: 404 })
  }, RICH_BOB)

/** /balance for BOB once a $25.00 deposit is in: $40.00 available; verify-payment credits `deposit_1001_1700000000`. */
const stubDepositReturn = (balance: () => Response | Promise<Response> = () => Response.json(CREDITED_BALANCE)) =>
  stubServer((path) => {
    if (path === apiUrl(paymentsEndpoints.postTrustapVerifyPayment))
      return Response.json({ success: true, details: { type: 'deposit', amount: 25, order_id: 'deposit_1001_1700000000', transaction_id: 'sbx_1' } })
    if (path === apiUrl(paymentsEndpoints.getBalance)) return balance()
    if (path.startsWith(paymentsEndpoints.getBalanceHistory.path)) return Response.json([], { headers: { 'X-Total-Count': '0' } })
    if (path.startsWith(paymentsEndpoints.getWithdrawals.path)) return Response.json([])
    return Response.json({ message: 'not found' }, { status: 404 })
  })
const CREDITED_BALANCE = { available: '40.00', pendingWithdrawals: '0.00', inEscrow: '0.00' }
/** what the sandbox sends the browser back with (server/modules/payments/provider-common.ts returnUrl) */
const SANDBOX_RETURN = '/payment/trustap/return?order_id=deposit_1001_1700000000&type=deposit&payment_type=deposit&transaction_id=sbx_1&tx_id=sbx_1'
const CANCELLED = 'Payment was cancelled. No charges have been made.'

describe('/balance after a deposit’s return', () => {
  /*
   * SPEC §2 "Payment return screen": "Redirects on success: a deposit goes to /balance". The sandbox's paid return
   * carries trustap_status=ok&code=paid, which for a purchase leads to /payment-success first; a deposit ends on its
   * balance, which says how much arrived and marks the new figure, in a polite live region.
   */
  it('a paid deposit ends on /balance saying how much arrived, with the new figure emphasised', async () => {
    localStorage.setItem('trustap_order_id', 'deposit_1001_1700000000')
    const sent = stubDepositReturn()
    const { location, historyState } = renderAt(`${SANDBOX_RETURN}&status=paid&code=paid&trustap_status=ok`)
    expect(await screen.findByText('Your deposit of $25.00 is in your balance.')).toBeTruthy()
    await waitFor(() => expect(location()).toBe('/balance'), { timeout: 3000 })
    const notice = await screen.findByTestId('deposit-return')
    expect(within(notice).getByText('Deposit of $25.00 added to your balance.')).toBeTruthy()
    const region = notice.parentElement!
    expect([region.getAttribute('role'), region.getAttribute('aria-live')]).toEqual(['status', 'polite'])
    const available = screen.getByTestId('balance-available')
    await within(available).findByText('$40.00')
    await waitFor(() => expect(available.getAttribute('data-emphasised')).toBe('true'))
    expect(available.className).toContain('ring-4')
    // said once: a reload or Back does not bring the notice again
    await waitFor(() => expect(historyState()).toBeNull())
    expect(sent.map((c) => c.path)).toEqual([apiUrl(paymentsEndpoints.postTrustapVerifyPayment)])
  })

  /* SPEC §4 "Cancelled: ... shows the cancelled message": a deposit's cancel goes back to its balance with it, not home. */
  it('a cancelled deposit ends on /balance with the cancelled message, not home, asking the server nothing', async () => {
    const sent = stubDepositReturn()
    const { location } = renderAt(`${SANDBOX_RETURN}&status=cancelled&code=cancelled&trustap_status=cancelled`)
    expect(await screen.findByText(CANCELLED)).toBeTruthy()
    await waitFor(() => expect(location()).toBe('/balance'), { timeout: 3500 })
    const notice = await screen.findByTestId('deposit-return')
    expect(notice.getAttribute('data-outcome')).toBe('cancelled')
    expect(within(notice).getByText(CANCELLED)).toBeTruthy()
    await within(screen.getByTestId('balance-available')).findByText('$40.00')
    expect(screen.getByTestId('balance-available').getAttribute('data-emphasised')).toBe('false')
    expect(sent).toEqual([])
  })

  it('emphasises the figure only once the fresh balance is in, for a few seconds, and keeps the notice until dismissed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] })
    let release = () => {}
    const answered = new Promise<void>((resolve) => (release = resolve))
    stubDepositReturn(async () => {
      await answered
      return Response.json(CREDITED_BALANCE)
    })
    // the balance from before the deposit is still cached, marked stale by the return screen's verification
    const { user } = renderAt({ pathname: '/balance', state: { depositReturn: { outcome: 'paid', amount: '25.00' } } }, BOB, (client) => {
      client.setQueryData(balanceKeys.summary(), { available: '15.00', pendingWithdrawals: '0.00', inEscrow: '0.00' })
      void client.invalidateQueries({ queryKey: balanceKeys.all })
    })
    const notice = await screen.findByTestId('deposit-return')
    const available = screen.getByTestId('balance-available')
    // the old figure shows while the new one is asked for, and is not the one marked
    await within(available).findByText('$15.00')
    expect(available.getAttribute('data-emphasised')).toBe('false')
    release()
    await within(available).findByText('$40.00')
    await waitFor(() => expect(available.getAttribute('data-emphasised')).toBe('true'))
    await act(() => vi.advanceTimersByTimeAsync(DEPOSIT_EMPHASIS_MS - 500))
    expect(available.getAttribute('data-emphasised')).toBe('true')
    await act(() => vi.advanceTimersByTimeAsync(1_000))
    expect(available.getAttribute('data-emphasised')).toBe('false')
    expect(notice.isConnected).toBe(true)
    await user.click(within(notice).getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByTestId('deposit-return')).toBeNull()
  })
})

describe('/balance: the Withdraw dialog', () => {
  /*
   * SPEC §1: only "a current user with a missing balance is treated as 15.00". A user whose balance is $500.00 and
   * whose balance summary is still loading is not told "Available: $15.00" in the Withdraw dialog.
   */
  it('does not claim $15.00 is available while the balance summary is still loading', async () => {
    stubServer((path) => {
      if (path === apiUrl(paymentsEndpoints.getBalance)) return new Promise<Response>(() => {}) // still loading
      if (path.startsWith(paymentsEndpoints.getBalanceHistory.path)) return Response.json([], { headers: { 'X-Total-Count': '0' } })
      if (path.startsWith(paymentsEndpoints.getWithdrawals.path)) return Response.json([])
      return Response.json({ message: 'not found' }, { status: 404 })
    }, RICH_BOB)
    const { user } = renderAt('/balance', RICH_BOB)
    await user.click(await screen.findByRole('button', { name: /Withdraw/ }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).queryByText('$15.00')).toBeNull()
    expect(within(dialog).getByText('checking…')).toBeTruthy()
  })

  it('says what is wrong when Continue is pressed with no amount, and sends nothing', async () => {
    const sent = stubBalancePage()
    const { user } = renderAt('/balance', RICH_BOB)
    await user.click(await screen.findByRole('button', { name: /Deposit/ }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }))
    expect(await within(dialog).findByText('Enter an amount in dollars, like 25 or 25.50')).toBeTruthy()
    // the field takes the focus, marked and described by the alert that says what is wrong
    const amount = within(dialog).getByLabelText('Amount (USD)')
    expect(document.activeElement).toBe(amount)
    expect(amount.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(amount.getAttribute('aria-describedby') ?? '')?.getAttribute('role')).toBe('alert')
    expect(sent.filter((c) => c.path === apiUrl(paymentsEndpoints.postPaymentsDeposits))).toHaveLength(0)
  })

  it('announces what is wrong with a field and takes the focus to the first one to fix when Request fails', async () => {
    const sent = stubBalancePage()
    const { user } = renderAt('/balance', RICH_BOB)
    await user.click(await screen.findByRole('button', { name: /Withdraw/ }))
    const dialog = await screen.findByRole('dialog')
    await within(dialog).findByText('$500.00')
    const amount = within(dialog).getByLabelText('Amount (USD)')
    const email = within(dialog).getByLabelText('Payout account email')
    /** the element the field's aria-describedby names, which must be the alert saying what is wrong */
    const description = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')

    await user.click(within(dialog).getByRole('button', { name: 'Request withdrawal' }))
    expect(document.activeElement).toBe(amount)
    expect(amount.getAttribute('aria-invalid')).toBe('true')
    expect(description(amount)?.textContent).toBe('Enter an amount in dollars, like 25 or 25.50')
    expect(description(amount)?.getAttribute('role')).toBe('alert')
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(description(email)?.textContent).toBe('Enter the email of your payout account')
    expect(
      within(dialog)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual(['Enter an amount in dollars, like 25 or 25.50', 'Enter the email of your payout account'])

    // the amount fixed, the email is what is left: the focus goes there, and the amount's hint is back
    await user.type(amount, '20')
    await user.click(within(dialog).getByRole('button', { name: 'Request withdrawal' }))
    expect(document.activeElement).toBe(email)
    expect(amount.getAttribute('aria-invalid')).toBeNull()
    expect(description(amount)?.textContent).toBe('At least $10, or your whole balance when it is less.')
    expect(description(amount)?.getAttribute('role')).toBeNull()
    expect(description(email)?.getAttribute('role')).toBe('alert')
    expect(sent.filter((c) => c.path === apiUrl(paymentsEndpoints.postWithdrawals))).toHaveLength(0)
  })

  it('takes an old link past the last page of the history to the last page, and never says it is empty on the way', async () => {
    const line = (id: number) => ({
      id,
      kind: 'deposit',
      memo: `Deposit ${id}`,
      amount: 10,
      createdAt: '2026-11-20T10:00:00.000Z',
      transactionId: null,
    })
    // page 1 answers only when the test lets it, so the moment between the redirect and its rows can be looked at
    let release = () => {}
    const firstPage = new Promise<void>((resolve) => (release = resolve))
    stubServer(async (path) => {
      if (path === apiUrl(paymentsEndpoints.getBalance)) return Response.json({ available: '30.00', inEscrow: '0.00', pendingWithdrawals: '0.00' })
      if (path.startsWith(paymentsEndpoints.getBalanceHistory.path)) {
        const page = Number(new URL(path, 'http://x').searchParams.get('page') ?? '1')
        if (page === 1) await firstPage
        return Response.json(page === 1 ? [line(1), line(2), line(3)] : [], { headers: { 'X-Total-Count': '3' } })
      }
      if (path.startsWith(paymentsEndpoints.getWithdrawals.path)) return Response.json([])
      return Response.json({ message: 'not found' }, { status: 404 })
    }, RICH_BOB)
    renderAt('/balance?page=5', RICH_BOB)
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/balance'))
    // the dead page's empty answer stands in for page 1 until it comes: neither "empty" nor a count of rows not shown
    expect(screen.queryByText('Nothing here yet')).toBeNull()
    expect(screen.queryByText(/^Showing/)).toBeNull()
    release()
    expect(await screen.findByText('Showing 1-3 of 3')).toBeTruthy()
    expect(screen.getAllByText(/^Deposit \d$/)).toHaveLength(3)
    expect(screen.queryByText('Nothing here yet')).toBeNull()
  })
})
