import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { ArrowLeft } from 'lucide-react'
import { paths } from '@/config/paths'
import { Logo } from '@/components/logo'
import { Button } from '@/components/ui/button'
import { MaintenanceBanner } from '@/components/maintenance-banner'
import { AuthSellingPoints } from './auth-aside'

/** Split layout shared by sign-in/up and password recovery: brand panel left, form card right, under any announcement. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside className="relative isolate hidden overflow-hidden bg-navy-950 p-12 text-white lg:flex lg:flex-col">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(40rem_28rem_at_10%_0%,rgba(52,224,161,0.16),transparent),radial-gradient(36rem_24rem_at_100%_100%,rgba(59,91,253,0.25),transparent)]"
        />
        <Logo />
        <div className="my-auto max-w-md py-12">
          <h2 className="text-4xl leading-tight font-extrabold tracking-tight">
            The safe way to trade <span className="text-mint-400">social media accounts</span>.
          </h2>
          <p className="mt-4 text-navy-200">Join buyers and sellers who trade with escrow protection on every deal.</p>
          <AuthSellingPoints inverse className="mt-10" />
        </div>
      </aside>
      <main className="flex flex-col px-4 py-6 sm:px-8">
        {/* the admins' announcement across the top of the form's column (these pages have no header to sit under) */}
        <MaintenanceBanner className="-mx-4 -mt-6 mb-4 sm:-mx-8" />
        <div className="flex items-center justify-between">
          <Button asChild variant="ghost" size="sm" className="-ml-2">
            <Link to={paths.home}>
              {/* the narrowest phones have room for the arrow, "Home" and the logo only */}
              <ArrowLeft aria-hidden="true" />
              <span>
                <span className="max-[359px]:sr-only">Back to </span>Home
              </span>
            </Link>
          </Button>
          <Logo inverse={false} className="lg:hidden" />
        </div>
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
          {children}
          <AuthSellingPoints className="mt-10 border-t pt-8 lg:hidden" />
        </div>
      </main>
    </div>
  )
}
