/** What the quiet log of a suppressed error starts with: the end-to-end checks read it, as a suppressed error reaches them no other way. */
export const UNHANDLED_ERROR_LOG = 'Unhandled error'
export const UNHANDLED_REJECTION_LOG = 'Unhandled promise rejection'

/**
 * SPEC §2: unhandled errors are suppressed, thrown ones (`error`) as well as rejected promises (`unhandledrejection`):
 * the browser reports neither, and each is logged quietly for whoever debugs. Answers a function that stops it.
 */
export function suppressUnhandledErrors(target: Window): () => void {
  const onError = (event: ErrorEvent) => {
    event.preventDefault()
    console.debug(UNHANDLED_ERROR_LOG, event.error ?? event.message)
  }
  const onRejection = (event: PromiseRejectionEvent) => {
    event.preventDefault()
    console.debug(UNHANDLED_REJECTION_LOG, event.reason)
  }
  target.addEventListener('error', onError)
  target.addEventListener('unhandledrejection', onRejection)
  return () => {
    target.removeEventListener('error', onError)
    target.removeEventListener('unhandledrejection', onRejection)
  }
}
