import { useRef } from 'react'

/**
 * Idempotency keys for money-moving writes. The server stores the first answer to a key with the same commit
 * as its effects, so sending one key for one user action means a double click or a retry after a timeout moves
 * money once. The server fingerprints the request with its key, so a key belongs to one exact request: the
 * same path and body reuse it, anything else gets a fresh one.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key'

export function newIdempotencyKey(): string {
  return crypto.randomUUID()
}

/** The request a key is for: method, path and body, as the server fingerprints it. */
export function requestScope(method: string, path: string, body?: unknown): string {
  return `${method} ${path}\n${body === undefined ? '' : JSON.stringify(body)}`
}

export interface ActionKeys {
  /** the key for this request: the same one until the action is settled */
  keyFor(scope: string): string
  /** the action succeeded (or was abandoned): its next attempt is a new action with a new key */
  settle(scope?: string): void
}

export function createActionKeys(make: () => string = newIdempotencyKey): ActionKeys {
  const keys = new Map<string, string>()
  return {
    keyFor(scope) {
      let key = keys.get(scope)
      if (!key) {
        key = make()
        keys.set(scope, key)
      }
      return key
    },
    settle(scope) {
      if (scope === undefined) keys.clear()
      else keys.delete(scope)
    },
  }
}

/** The component's own keys, kept across renders (a dialog, a button bar). */
export function useActionKeys(): ActionKeys {
  const ref = useRef<ActionKeys | null>(null)
  ref.current ??= createActionKeys()
  return ref.current
}

/** Headers for a write under the key `keys` holds for it. */
export function idempotencyHeaders(keys: ActionKeys, method: string, path: string, body?: unknown): Record<string, string> {
  return { [IDEMPOTENCY_HEADER]: keys.keyFor(requestScope(method, path, body)) }
}
