import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { PLATFORMS, type LivePlatformId } from '@/config/platforms'
import { Logo } from '@/components/logo'
import { ThemeSelect } from '@/components/theme-select'
import { Button } from '@/components/ui/button'
import { PlatformIcon } from './platform-icon'
import { SellLink } from './sell-link'

const COLUMNS = [
  {
    title: 'Marketplace',
    links: [
      { to: paths.howItWorks, label: 'How It Works' },
      { to: paths.topSellers, label: 'Top Sellers' },
      { to: paths.blogs, label: 'Blogs' },
      { to: paths.faq, label: 'FAQ' },
      { to: paths.messages, label: 'Messages' },
    ],
  },
  {
    title: 'Trust & Safety',
    links: [
      { to: paths.escrowService, label: 'Escrow Service' },
      { to: paths.verification, label: 'Verification' },
      { to: paths.contact, label: 'Contact' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: paths.terms, label: 'Terms of Service' },
      { to: paths.privacy, label: 'Privacy Policy' },
      { to: paths.cookies, label: 'Cookie Policy' },
    ],
  },
] as const

const FOOTER_PLATFORMS: readonly LivePlatformId[] = ['youtube', 'tiktok', 'instagram', 'telegram', 'twitter']

interface SiteFooterProps {
  onSelectPlatform: (platform: LivePlatformId) => void
}

export function SiteFooter({ onSelectPlatform }: SiteFooterProps) {
  return (
    <footer className="bg-navy-950 text-navy-200">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[1.3fr_2fr] lg:px-8">
        <div>
          <Logo />
          <p className="mt-4 max-w-sm text-sm leading-relaxed">The escrow-protected marketplace for buying and selling social media accounts.</p>
          <Button asChild className="mt-6">
            <SellLink>Sell Your Account</SellLink>
          </Button>
          <div className="mt-8">
            <p className="text-xs font-semibold tracking-widest text-navy-300 uppercase">Shop by platform</p>
            <ul className="mt-3 flex flex-wrap gap-2">
              {FOOTER_PLATFORMS.map((platform) => (
                <li key={platform}>
                  <button
                    type="button"
                    onClick={() => onSelectPlatform(platform)}
                    aria-label={`Show ${PLATFORMS[platform].label} accounts`}
                    className="flex size-10 items-center justify-center rounded-xl bg-white/5 text-navy-100 transition-colors hover:bg-white/15 hover:text-white focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    <PlatformIcon platform={platform} className="size-5" />
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <div className="grid gap-8 sm:grid-cols-3">
          {COLUMNS.map((column) => (
            <nav key={column.title} aria-label={column.title}>
              <h2 className="text-sm font-semibold text-white">{column.title}</h2>
              <ul className="mt-4 space-y-3">
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="text-sm transition-colors hover:text-white focus-visible:text-white focus-visible:underline">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col-reverse gap-4 px-4 py-6 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p className="text-xs text-navy-300">© {new Date().getFullYear()} Handover. All rights reserved.</p>
          <ThemeSelect tone="inverse" className="w-full sm:w-auto" />
        </div>
      </div>
    </footer>
  )
}
