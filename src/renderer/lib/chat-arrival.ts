/**
 * A buyer who has just paid lands in the deal's chat (SPEC §2), where writing to the seller is what comes next: the
 * navigation there carries this state, and the chat then puts the focus in its message box. Only arrivals after
 * paying carry it; a chat opened any other way leaves the focus where the page puts it.
 */
export const AFTER_PAYMENT_STATE = { focusComposer: true } as const

/** Whether a location's state (anything another page navigated with) asks for the message box's focus. */
export function focusesComposer(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { focusComposer?: unknown }).focusComposer === true
}
