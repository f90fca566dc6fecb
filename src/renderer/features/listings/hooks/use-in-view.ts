import { useEffect, useRef, useState } from 'react'

/**
 * True once the element has been seen; it never goes back, so content mounted on first sight stays.
 * Without IntersectionObserver (old browsers, jsdom, the server) everything counts as seen, and `seenAtFirst` counts
 * it seen from the start (what it shows is there already).
 */
export function useInView<T extends Element>(options: IntersectionObserverInit, seenAtFirst = false) {
  const ref = useRef<T>(null)
  const [seen, setSeen] = useState(() => seenAtFirst || typeof IntersectionObserver === 'undefined')
  const { threshold, rootMargin } = options

  useEffect(() => {
    const element = ref.current
    if (seen || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true)
      },
      { threshold, rootMargin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [seen, threshold, rootMargin])

  return { ref, seen }
}
