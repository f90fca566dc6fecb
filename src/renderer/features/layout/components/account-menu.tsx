import { useId } from 'react'
import { Link } from 'react-router-dom'
import { ChevronDown, LogOut } from 'lucide-react'
import type { CurrentUser } from '@shared/api/auth'
import { formatBalance } from '@/lib/money-display'
import { UserAvatar } from '@/components/user-avatar'
import { THEME_OPTIONS } from '@/components/theme-select'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu'
import { useThemePreference } from '@/hooks/use-theme'
import { useIsAdmin } from '@/lib/auth'
import { parseThemePreference } from '@/lib/theme'
import { accountLinks } from '../lib/account-links'

interface AccountMenuProps {
  user: CurrentUser
  signingOut: boolean
  onSignOut: () => void
}

/** Username and balance on the trigger (an admin, who holds none, gets no figure); account links and Sign Out inside. */
export function AccountMenu({ user, signingOut, onSignOut }: AccountMenuProps) {
  const isAdmin = useIsAdmin(true)
  const balance = isAdmin ? null : formatBalance(user.balance)
  const links = accountLinks(isAdmin)
  const [theme, setTheme] = useThemePreference()
  const themeLabel = useId()
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Account menu"
        className="flex items-center gap-2.5 rounded-xl py-1 pr-2 pl-1 text-left transition-colors hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <UserAvatar username={user.username} avatar={user.avatar} />
        <span className="flex flex-col leading-tight">
          <span className="max-w-32 truncate text-sm font-semibold text-white">{user.username}</span>
          {balance && <span className="text-xs font-semibold text-mint-300 tabular-nums">{balance}</span>}
        </span>
        <ChevronDown className="size-4 text-navy-300" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="flex items-center gap-3">
          <UserAvatar username={user.username} avatar={user.avatar} className="size-10" />
          <span className="min-w-0">
            <span className="block truncate font-semibold">{user.username}</span>
            {balance && (
              <span className="block text-xs text-muted-foreground">
                Balance <span className="font-semibold text-foreground tabular-nums">{balance}</span>
              </span>
            )}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          {links.map(({ to, label, icon: Icon }) => (
            <DropdownMenuItem key={to} asChild>
              <Link to={to}>
                <Icon aria-hidden="true" /> {label}
              </Link>
            </DropdownMenuItem>
          ))}
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuLabel id={themeLabel} className="pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          Theme
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup aria-labelledby={themeLabel} value={theme} onValueChange={(value) => setTheme(parseThemePreference(value))}>
          {THEME_OPTIONS.map(({ value, label, icon: Icon }) => (
            <DropdownMenuRadioItem key={value} value={value}>
              <Icon aria-hidden="true" /> {label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          variant="destructive"
          disabled={signingOut}
          // Keep the menu open so "Signing out..." stays visible until the request settles.
          onSelect={(event) => {
            event.preventDefault()
            onSignOut()
          }}
        >
          <LogOut aria-hidden="true" /> {signingOut ? 'Signing out...' : 'Sign Out'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
