import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TOASTS } from '@shared/constants'
import { createToastStore, toastReducer, type ToastData } from './use-toast'

const make = (id: string, open = true): ToastData => ({ id, open, title: id })

describe('toastReducer', () => {
  it('keeps at most 5 toasts, newest first', () => {
    let state: ToastData[] = []
    for (let i = 1; i <= 7; i++) state = toastReducer(state, { type: 'ADD', toast: make(String(i)) })
    expect(state.map((t) => t.id)).toEqual(['7', '6', '5', '4', '3'])
  })

  it('dismisses one toast or all of them', () => {
    const state = [make('2'), make('1')]
    expect(toastReducer(state, { type: 'DISMISS', id: '1' }).map((t) => t.open)).toEqual([true, false])
    expect(toastReducer(state, { type: 'DISMISS' }).every((t) => !t.open)).toBe(true)
  })

  it('sweeps down to the 3 newest open toasts only when more than 3 are open', () => {
    const five = ['5', '4', '3', '2', '1'].map((id) => make(id))
    expect(toastReducer(five, { type: 'SWEEP' }).map((t) => t.id)).toEqual(['5', '4', '3'])
    const three = [make('3'), make('2'), make('1'), make('0', false)]
    expect(toastReducer(three, { type: 'SWEEP' }).map((t) => t.id)).toEqual(['3', '2', '1', '0'])
  })
})

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('removes a dismissed toast 4 s later, not before', () => {
    const store = createToastStore()
    const handle = store.toast({ title: 'Saved' })
    handle.dismiss()
    expect(store.getState()).toHaveLength(1)
    expect(store.getState()[0].open).toBe(false)
    vi.advanceTimersByTime(TOASTS.removeDelayMs - 1)
    expect(store.getState()).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(store.getState()).toHaveLength(0)
  })

  it('trims to the 3 newest open toasts every 30 s', () => {
    const store = createToastStore()
    const stop = store.startSweeper()
    for (const title of ['a', 'b', 'c', 'd', 'e']) store.toast({ title })
    vi.advanceTimersByTime(TOASTS.sweepEveryMs - 1)
    expect(store.getState()).toHaveLength(5)
    vi.advanceTimersByTime(1)
    expect(store.getState().map((t) => t.title)).toEqual(['e', 'd', 'c'])
    stop()
    for (const title of ['f', 'g']) store.toast({ title })
    vi.advanceTimersByTime(TOASTS.sweepEveryMs)
    expect(store.getState()).toHaveLength(5)
  })

  it('clears everything at once and notifies subscribers', () => {
    const store = createToastStore()
    const listener = vi.fn()
    store.subscribe(listener)
    store.toast({ title: 'x' })
    store.clear()
    expect(store.getState()).toEqual([])
    expect(listener).toHaveBeenCalledTimes(2)
  })

  it('updates a toast in place', () => {
    const store = createToastStore()
    const handle = store.toast({ title: 'Uploading' })
    handle.update({ title: 'Uploaded', variant: 'success' })
    expect(store.getState()[0]).toMatchObject({ id: handle.id, title: 'Uploaded', variant: 'success', open: true })
  })
})
