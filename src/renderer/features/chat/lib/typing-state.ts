/** Who is typing in one conversation: user ids, 999 for an admin (SPEC §7 user_typing / user_stopped_typing). */
export type TypingState = readonly number[]

export const NOBODY_TYPING: TypingState = []

/**
 * How long an indicator stays without news. A typist repeats `typing` every 2 s and says
 * `stop_typing` after 3 s idle, so 6 s of silence means the stop was lost.
 */
export const TYPING_EXPIRES_MS = 6_000

export const typingWith = (state: TypingState | undefined, userId: number): TypingState =>
  state?.includes(userId) ? state : [...(state ?? NOBODY_TYPING), userId]

export const typingWithout = (state: TypingState | undefined, userId: number): TypingState =>
  state?.includes(userId) ? state.filter((id) => id !== userId) : (state ?? NOBODY_TYPING)
