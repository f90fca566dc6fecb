import { useEffect, useState } from 'react'

/** Whether the page is scrolled away from the top; the header turns solid then (SPEC §2). */
export function useScrolled(): boolean {
  const [scrolled, setScrolled] = useState(() => typeof window !== 'undefined' && window.scrollY > 0)
  useEffect(() => {
    // read once a frame at most: reading the scroll position makes the browser lay the page out first
    let frame = 0
    const update = () => {
      frame = 0
      setScrolled(window.scrollY > 0)
    }
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update)
    }
    update()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => {
      window.removeEventListener('scroll', onScroll)
      window.cancelAnimationFrame(frame)
    }
  }, [])
  return scrolled
}
