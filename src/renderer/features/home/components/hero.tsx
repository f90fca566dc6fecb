import { ArrowDown, BadgeCheck, CircleCheck, Lock, ShieldCheck } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Badge } from '@/components/ui/badge'
import { formatBalance } from '@/lib/money-display'
import { hasBonus, useWelcomeBonus } from '@/lib/site-info'
import { HeroStats } from './hero-stats'
import { SellLink } from './sell-link'

const ESCROW_STEPS = [
  { title: 'Buyer pays into escrow', body: 'Funds are held safely — the seller cannot touch them yet.' },
  { title: 'Seller hands over the account', body: 'Ownership is transferred and access is confirmed in chat.' },
  { title: 'Funds are released', body: 'Only after the buyer confirms the account is theirs.' },
] as const

interface HeroProps {
  onBrowse: () => void
}

export function Hero({ onBrowse }: HeroProps) {
  const bonus = useWelcomeBonus()
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-navy-950 text-white">
      {/* Soft accent glow and grid: depth without competing with the content. */}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_80%_-10%,rgba(52,224,161,0.18),transparent),radial-gradient(40rem_24rem_at_0%_110%,rgba(59,91,253,0.22),transparent)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[linear-gradient(rgba(255,255,255,0.04)_1px,transparent_1px),linear-gradient(90deg,rgba(255,255,255,0.04)_1px,transparent_1px)] bg-[size:48px_48px] [mask-image:linear-gradient(to_bottom,black,transparent)]"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-14 pb-20 sm:px-6 md:pt-20 lg:grid-cols-[1.15fr_1fr] lg:px-8 lg:pt-24 lg:pb-28">
        <div>
          <Badge variant="inverse" className="px-3 py-1">
            <ShieldCheck className="size-3.5" aria-hidden="true" /> Escrow-protected marketplace
          </Badge>
          <h1 id="hero-title" className="mt-6 text-4xl leading-[1.08] font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Buy and sell social media accounts <span className="text-mint-400">safely</span>.
          </h1>
          <p className="mt-6 max-w-xl text-lg text-pretty text-navy-200">
            YouTube channels, TikTok, Instagram, Facebook, Twitter and Telegram accounts from verified sellers — with your money held in escrow until
            the account is yours.
          </p>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row">
            <Button size="lg" onClick={onBrowse}>
              Browse Accounts <ArrowDown aria-hidden="true" />
            </Button>
            <Button asChild size="lg" variant="outline-inverse">
              <SellLink>Sell Your Account</SellLink>
            </Button>
          </div>
          <ul className="mt-9 flex flex-wrap gap-x-6 gap-y-3 text-sm text-navy-200">
            <li className="flex items-center gap-2">
              <ShieldCheck className="size-4 text-mint-400" aria-hidden="true" /> Escrow protection
            </li>
            <li className="flex items-center gap-2">
              <BadgeCheck className="size-4 text-mint-400" aria-hidden="true" /> Verified sellers
            </li>
            <li className="flex items-center gap-2">
              <Lock className="size-4 text-mint-400" aria-hidden="true" /> SSL &amp; 256-bit encryption
            </li>
          </ul>
        </div>
        {/* on small screens the figures come before this card, within the first screen */}
        <div className="relative order-last mx-auto w-full max-w-md lg:order-none lg:max-w-none">
          <div className="rounded-2xl border border-white/10 bg-white/[0.06] p-6 shadow-2xl shadow-black/40 backdrop-blur-sm sm:p-8">
            <p className="text-sm font-semibold tracking-widest text-mint-300 uppercase">How escrow protects you</p>
            <ol className="mt-6 space-y-6">
              {ESCROW_STEPS.map((step, index) => (
                <li key={step.title} className="flex gap-4">
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-mint-400 text-sm font-bold text-navy-950">
                    {index + 1}
                  </span>
                  <div>
                    <p className="font-semibold">{step.title}</p>
                    <p className="mt-1 text-sm text-navy-200">{step.body}</p>
                  </div>
                </li>
              ))}
            </ol>
            {hasBonus(bonus) && (
              <p className="mt-8 flex items-center gap-2 rounded-xl bg-mint-400/10 px-4 py-3 text-sm text-mint-300">
                <CircleCheck className="size-4 shrink-0" aria-hidden="true" /> New accounts get a {formatBalance(bonus)} welcome bonus.
              </p>
            )}
          </div>
        </div>
        <HeroStats className="lg:col-span-2" />
      </div>
    </section>
  )
}
