import { useEffect, useRef, useState } from 'react'
import { COUNTER_ANIMATION } from '@shared/constants'
import { COUNT_UP_STEP_MS, countUpValue } from '../lib/count-up'

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
}

/**
 * The number to show for an animated counter: it climbs to `target` in 50 steps over 2 s, and from
 * wherever it is when the target changes. With reduced motion it shows the target at once.
 */
export function useCountUp(target: number | null): number {
  const [value, setValue] = useState(0)
  const shown = useRef(0)

  useEffect(() => {
    if (target === null) return
    const show = (next: number) => {
      shown.current = next
      setValue(next)
    }
    const from = shown.current
    if (from === target || prefersReducedMotion()) {
      show(target)
      return
    }
    let step = 0
    const timer = window.setInterval(() => {
      step += 1
      show(countUpValue(from, target, step))
      if (step >= COUNTER_ANIMATION.steps) window.clearInterval(timer)
    }, COUNT_UP_STEP_MS)
    return () => window.clearInterval(timer)
  }, [target])

  return value
}
