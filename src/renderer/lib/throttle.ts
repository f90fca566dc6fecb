export interface Throttled {
  (): void
  /** drops a pending trailing run */
  cancel(): void
}

/**
 * Runs `run` at once, then at most once per `waitMs`: calls inside the window collapse into one
 * trailing run at its end (leading + trailing), so a burst of events costs two runs, not one each,
 * and the last event is never lost.
 */
export function throttle(run: () => void, waitMs: number): Throttled {
  let timer: ReturnType<typeof setTimeout> | null = null
  let pending = false

  const windowEnded = () => {
    if (pending) {
      pending = false
      run()
      timer = setTimeout(windowEnded, waitMs)
    } else {
      timer = null
    }
  }

  const throttled = () => {
    if (timer === null) {
      run()
      timer = setTimeout(windowEnded, waitMs)
    } else {
      pending = true
    }
  }
  throttled.cancel = () => {
    if (timer !== null) clearTimeout(timer)
    timer = null
    pending = false
  }
  return throttled
}
