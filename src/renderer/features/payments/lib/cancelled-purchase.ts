/**
 * What a cancelled purchase's return screen tells the home page it goes to, as history state. SPEC §4 fixes the
 * cancelled text, the 2 s and the address (`/`), so the buyer learns there, not on the return screen, that the
 * deal's reservation may still hold. Its own small module: the home page reads it without loading the return flow.
 */
export interface CancelledPurchaseState {
  cancelledPurchase: number
}

export function cancelledPurchaseState(dealId: number | null): CancelledPurchaseState | undefined {
  return dealId === null ? undefined : { cancelledPurchase: dealId }
}

/** The deal named by the page's history state when a cancelled purchase sent the browser there, else null. */
export function readCancelledPurchase(state: unknown): number | null {
  const id = state && typeof state === 'object' ? (state as Partial<CancelledPurchaseState>).cancelledPurchase : undefined
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null
}
