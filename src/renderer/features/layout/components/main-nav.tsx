import { NavLink, useLocation, useNavigate } from 'react-router-dom'
import { paths } from '@/config/paths'
import { browseListings } from '@/lib/scroll'
import { cn } from '@/lib/utils'

export const NAV_LINKS = [
  { to: paths.topSellers, label: 'Top Sellers' },
  { to: paths.blogs, label: 'Blogs' },
  { to: paths.howItWorks, label: 'How It Works' },
] as const

const itemClass =
  'rounded-lg px-3 py-2 text-sm font-medium text-navy-100 transition-colors hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none'

/** Desktop navigation. Browse never navigates by itself: it scrolls to the listings (SPEC §2). */
export function MainNav({ className }: { className?: string }) {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  return (
    <nav aria-label="Main" className={cn('items-center gap-1', className)}>
      <button type="button" className={itemClass} onClick={() => browseListings(pathname, navigate)}>
        Browse
      </button>
      {NAV_LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} className={({ isActive }) => cn(itemClass, isActive && 'bg-white/10 text-white')}>
          {link.label}
        </NavLink>
      ))}
    </nav>
  )
}
