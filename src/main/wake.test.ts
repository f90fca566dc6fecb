import { describe, expect, it, vi } from 'vitest'
import { forwardWakes, WAKE_COALESCE_MS, type WakeReason } from './wake'

/** powerMonitor played by the test: it emits the events the module subscribed to, at the clock the test sets. */
function setup() {
  const listeners = new Map<WakeReason, () => void>()
  const told = vi.fn<(reason: WakeReason) => void>()
  let clock = 1_000_000
  forwardWakes(
    { onResume: (listener) => listeners.set('resume', listener), onUnlockScreen: (listener) => listeners.set('unlock-screen', listener) },
    told,
    () => clock,
  )
  const emit = (event: WakeReason) => listeners.get(event)?.()
  const wait = (ms: number) => (clock += ms)
  return { emit, wait, told, listeners }
}

describe('forwardWakes', () => {
  it('listens to resume and unlock-screen', () => {
    expect([...setup().listeners.keys()].sort()).toEqual(['resume', 'unlock-screen'])
  })

  it.each<WakeReason>(['resume', 'unlock-screen'])('tells the pages on %s', (reason) => {
    const { emit, told } = setup()
    emit(reason)
    expect(told).toHaveBeenCalledExactlyOnceWith(reason)
  })

  it('counts a resume and the unlock right behind it as one wake', () => {
    const { emit, wait, told } = setup()
    emit('resume')
    wait(WAKE_COALESCE_MS - 1)
    emit('unlock-screen')
    expect(told).toHaveBeenCalledTimes(1)
    wait(1)
    emit('unlock-screen')
    expect(told).toHaveBeenCalledTimes(2)
    expect(told).toHaveBeenLastCalledWith('unlock-screen')
  })
})
