import { useSyncExternalStore, type ReactElement, type ReactNode } from 'react'
import { TOASTS } from '@shared/constants'

/**
 * Toast state (SPEC §9): at most 5 held, newest first; a dismissed toast is removed 4 s later so its
 * exit animation can play; a 30 s sweep trims to the 3 newest open toasts when more than 3 are open.
 */

export type ToastVariant = 'default' | 'destructive' | 'success' | 'warning' | 'info'

export interface ToastInput {
  title?: ReactNode
  description?: ReactNode
  variant?: ToastVariant
  action?: ReactElement
}

export interface ToastData extends ToastInput {
  id: string
  open: boolean
}

export type ToastAction =
  | { type: 'ADD'; toast: ToastData }
  | { type: 'UPDATE'; toast: Partial<ToastData> & { id: string } }
  | { type: 'DISMISS'; id?: string }
  | { type: 'REMOVE'; id?: string }
  | { type: 'SWEEP' }

export function toastReducer(state: readonly ToastData[], action: ToastAction): ToastData[] {
  switch (action.type) {
    case 'ADD':
      return [action.toast, ...state].slice(0, TOASTS.limit)
    case 'UPDATE':
      return state.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t))
    case 'DISMISS':
      return state.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t))
    case 'REMOVE':
      return action.id === undefined ? [] : state.filter((t) => t.id !== action.id)
    case 'SWEEP': {
      const open = state.filter((t) => t.open)
      if (open.length <= TOASTS.sweepKeep) return [...state]
      const keep = new Set(open.slice(0, TOASTS.sweepKeep).map((t) => t.id))
      return state.filter((t) => !t.open || keep.has(t.id))
    }
  }
}

export interface ToastHandle {
  id: string
  dismiss: () => void
  update: (input: ToastInput) => void
}

export function createToastStore() {
  let state: ToastData[] = []
  let counter = 0
  const listeners = new Set<() => void>()
  const removalTimers = new Map<string, ReturnType<typeof setTimeout>>()

  function dispatch(action: ToastAction) {
    state = toastReducer(state, action)
    listeners.forEach((listener) => listener())
  }

  function scheduleRemoval(id: string) {
    if (removalTimers.has(id)) return
    const timer = setTimeout(() => {
      removalTimers.delete(id)
      dispatch({ type: 'REMOVE', id })
    }, TOASTS.removeDelayMs)
    removalTimers.set(id, timer)
  }

  function dismiss(id?: string) {
    const targets = id === undefined ? state.map((t) => t.id) : [id]
    targets.forEach(scheduleRemoval)
    dispatch({ type: 'DISMISS', id })
  }

  function toast(input: ToastInput): ToastHandle {
    counter += 1
    const id = String(counter)
    dispatch({ type: 'ADD', toast: { variant: 'default', ...input, id, open: true } })
    return { id, dismiss: () => dismiss(id), update: (next) => dispatch({ type: 'UPDATE', toast: { ...next, id } }) }
  }

  /** Drops everything at once; used when the page unloads so nothing lingers in a restored page. */
  function clear() {
    removalTimers.forEach(clearTimeout)
    removalTimers.clear()
    dispatch({ type: 'REMOVE' })
  }

  /** Starts the 30 s sweep; returns the function that stops it. */
  function startSweeper(): () => void {
    const handle = setInterval(() => dispatch({ type: 'SWEEP' }), TOASTS.sweepEveryMs)
    return () => clearInterval(handle)
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    toast,
    dismiss,
    clear,
    startSweeper,
  }
}

export type ToastStore = ReturnType<typeof createToastStore>

/** The app's one toast store; `toast()` may be called from anywhere, including outside React. */
export const toastStore = createToastStore()
export const toast = toastStore.toast

export function useToast() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getState, toastStore.getState)
  return { toasts, toast, dismiss: toastStore.dismiss }
}
