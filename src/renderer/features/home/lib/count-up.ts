import { COUNTER_ANIMATION } from '@shared/constants'

/**
 * The counter's value at `step` of `steps` on its way from `from` to `to` (SPEC §1: about 2 s in
 * 50 steps). Linear and whole: step 0 is `from`, the last step is exactly `to`.
 */
export function countUpValue(from: number, to: number, step: number, steps: number = COUNTER_ANIMATION.steps): number {
  if (steps <= 0 || step >= steps) return to
  if (step <= 0) return from
  return Math.round(from + ((to - from) * step) / steps)
}

/** Time between two steps: 2 s / 50 = 40 ms. */
export const COUNT_UP_STEP_MS = COUNTER_ANIMATION.durationMs / COUNTER_ANIMATION.steps
