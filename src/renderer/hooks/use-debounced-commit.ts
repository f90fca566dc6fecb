import { useEffect, useRef, useState } from 'react'
import { SEARCH_DEBOUNCE_MS } from '@shared/constants'

/**
 * A search field over a committed value (from the URL): what is typed is committed, trimmed, 300 ms after typing
 * stops (SPEC §5, §9); a change of the value from outside (Back, Clear) shows in the field, unless it is our own
 * commit coming back.
 */
export function useDebouncedCommit(value: string, onCommit: (query: string) => void) {
  const [text, setText] = useState(value)
  const [committed, setCommitted] = useState(value)
  const timer = useRef<number | undefined>(undefined)

  if (value !== committed) {
    setCommitted(value)
    if (value !== text.trim()) setText(value)
  }

  useEffect(() => () => window.clearTimeout(timer.current), [])

  const change = (next: string) => {
    setText(next)
    window.clearTimeout(timer.current)
    timer.current = window.setTimeout(() => {
      if (next.trim() !== value) onCommit(next.trim())
    }, SEARCH_DEBOUNCE_MS)
  }

  /** empties the field and commits '' at once, with no wait */
  const clear = () => {
    window.clearTimeout(timer.current)
    setText('')
    if (value) onCommit('')
  }

  return { text, change, clear }
}
