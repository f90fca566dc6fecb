import { describe, expect, it } from 'vitest'
import { CRASH_WINDOW_MS, crashMessage, createCrashRecovery, createFailureNotice } from './crash-recovery'

function setup() {
  let time = 1_000_000
  const decide = createCrashRecovery(() => time)
  return { decide, advance: (ms: number) => (time += ms) }
}

describe('createCrashRecovery', () => {
  it('reloads the page after a first crash', () => {
    expect(setup().decide('crashed')).toEqual({ kind: 'reload' })
  })

  it('explains instead of reloading when the page goes again within a minute', () => {
    const { decide, advance } = setup()
    decide('crashed')
    advance(CRASH_WINDOW_MS - 1)
    expect(decide('crashed')).toEqual({ kind: 'explain', message: 'The page stopped unexpectedly (crashed).' })
  })

  it('reloads again when the previous crash was longer ago', () => {
    const { decide, advance } = setup()
    decide('oom')
    advance(CRASH_WINDOW_MS)
    expect(decide('crashed')).toEqual({ kind: 'reload' })
  })

  it('ignores a clean exit, and does not count it', () => {
    const { decide } = setup()
    expect(decide('clean-exit')).toEqual({ kind: 'ignore' })
    expect(decide('killed')).toEqual({ kind: 'reload' })
  })

  it('says every reason in words', () => {
    expect(crashMessage('oom')).toBe('The page stopped unexpectedly (out of memory).')
    for (const reason of ['abnormal-exit', 'killed', 'crashed', 'oom', 'launch-failed', 'integrity-failure', 'memory-eviction'] as const) {
      expect(crashMessage(reason)).toMatch(/^The page stopped unexpectedly \([a-z' ]+\)\.$/)
    }
  })
})

describe('createFailureNotice', () => {
  it('hands the explanation to one page load only, so Retry loads the app', () => {
    const notice = createFailureNotice()
    expect(notice.take()).toBeUndefined()
    notice.set('The page stopped unexpectedly (crashed).')
    expect(notice.take()).toBe('The page stopped unexpectedly (crashed).')
    expect(notice.take()).toBeUndefined()
  })
})
