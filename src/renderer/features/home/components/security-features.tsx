import { BadgeCheck, Headset, LockKeyhole, ShieldCheck, Zap } from 'lucide-react'

const FEATURES = [
  {
    icon: ShieldCheck,
    title: 'Escrow Protection',
    body: 'Your payment is held in escrow and released to the seller only after you confirm the account is yours.',
  },
  { icon: BadgeCheck, title: 'Verified Sellers', body: 'Sellers prove ownership of every account before it can be listed on Handover.' },
  {
    icon: LockKeyhole,
    title: 'Buyer Protection',
    body: 'If an account is not as described, our team reviews the dispute and your money goes back to you.',
  },
  { icon: Headset, title: '24/7 Support', body: 'Real people on hand around the clock in chat, from first question to final handover.' },
] as const

const ASSURANCES = ['SSL secured', '256-bit encryption', 'Instant delivery'] as const

export function SecurityFeatures() {
  return (
    <section aria-labelledby="security-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold tracking-widest text-mint-700 dark:text-mint-400 uppercase">Trade with confidence</p>
        <h2 id="security-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
          Security built into every deal
        </h2>
        <p className="mt-4 text-muted-foreground">
          Buying an account should never be a leap of faith. Handover protects both sides until the handover is complete.
        </p>
      </div>
      <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map(({ icon: Icon, title, body }) => (
          <li key={title} className="rounded-2xl border bg-card p-6 shadow-xs transition-shadow hover:shadow-md">
            <span className="flex size-12 items-center justify-center rounded-xl bg-navy-900 text-mint-400">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <h3 className="mt-5 text-lg font-semibold">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{body}</p>
          </li>
        ))}
      </ul>
      <ul className="mt-10 flex flex-wrap justify-center gap-3" aria-label="Assurances">
        {ASSURANCES.map((item) => (
          <li
            key={item}
            className="flex items-center gap-2 rounded-full border bg-card px-4 py-2 text-sm font-medium text-navy-700 dark:text-navy-200"
          >
            <Zap className="size-4 text-mint-600 dark:text-mint-400" aria-hidden="true" /> {item}
          </li>
        ))}
      </ul>
    </section>
  )
}
