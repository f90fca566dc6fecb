import { CookiesScreen } from '@/features/content/components/legal/cookies-screen'
import { PrivacyScreen } from '@/features/content/components/legal/privacy-screen'
import { TermsScreen } from '@/features/content/components/legal/terms-screen'

export type LegalPageName = 'terms' | 'privacy' | 'cookies'

/** /terms, /privacy and /cookies share a chunk: whoever reads one often opens the next. */
export default function LegalRoute({ page }: { page: LegalPageName }) {
  if (page === 'terms') return <TermsScreen />
  if (page === 'privacy') return <PrivacyScreen />
  return <CookiesScreen />
}
