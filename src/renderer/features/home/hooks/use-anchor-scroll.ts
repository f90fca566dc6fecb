import { useEffect } from 'react'
import { useLocation } from 'react-router-dom'
import { scrollToSection } from '@/lib/scroll'

/** Scrolls to the URL's #anchor once the section exists (/browse lands on /#filterable-listings). */
export function useAnchorScroll(): void {
  const { hash } = useLocation()
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''))
    if (id) scrollToSection(id)
  }, [hash])
}
