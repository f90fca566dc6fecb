import { LIVE_PLATFORMS, PLATFORM_IDS } from '@shared/constants'
import { PAGE_TEXT, platformLandingText, type PageText } from '@shared/seo'

export const landingPath = (platform: string) => `/buy-${platform}-accounts`
export const VERIFIED_LANDING_PATH = '/verified-social-media-accounts'

/** Gaming is "coming soon": its landing page exists but has nothing to sell yet. */
export const NOINDEX_PAGES: ReadonlySet<string> = new Set(
  PLATFORM_IDS.filter((p) => !(LIVE_PLATFORMS as readonly string[]).includes(p)).map(landingPath),
)

/** Public pages with fixed text, by exact path. */
export const STATIC_PAGES: ReadonlyMap<string, PageText> = new Map<string, PageText>([
  ['/', PAGE_TEXT.home],
  ['/social-media-marketplace', PAGE_TEXT.home],
  ...PLATFORM_IDS.map((platform) => [landingPath(platform), platformLandingText(platform)] as const),
  [VERIFIED_LANDING_PATH, PAGE_TEXT.verified],
  ['/top-sellers', PAGE_TEXT.topSellers],
  ['/blogs', PAGE_TEXT.blogs],
  ['/how-it-works', PAGE_TEXT.howItWorks],
  ['/secure-account-trading', PAGE_TEXT.howItWorks],
  ['/sell-your-account', PAGE_TEXT.sellYourAccount],
  ['/faq', PAGE_TEXT.faq],
  ['/contact', PAGE_TEXT.contact],
  ['/terms', PAGE_TEXT.terms],
  ['/privacy', PAGE_TEXT.privacy],
  ['/cookies', PAGE_TEXT.cookies],
  ['/escrow-service', PAGE_TEXT.escrowService],
  ['/verification', PAGE_TEXT.verification],
])

/**
 * The fixed pages a sitemap lists, most important first. Second addresses of one screen
 * (/social-media-marketplace, /secure-account-trading) and the gaming placeholder are left out.
 */
export const SITEMAP_PAGES: readonly string[] = [
  '/',
  ...LIVE_PLATFORMS.map(landingPath),
  VERIFIED_LANDING_PATH,
  '/top-sellers',
  '/how-it-works',
  '/sell-your-account',
  '/escrow-service',
  '/verification',
  '/blogs',
  '/faq',
  '/contact',
  '/terms',
  '/privacy',
  '/cookies',
]
