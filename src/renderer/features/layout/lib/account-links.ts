import { Receipt, Settings, ShieldCheck, User, Wallet } from 'lucide-react'
import { paths } from '@/config/paths'

/** The signed-in user's pages, listed in both the account dropdown and the phone menu. */
export const ACCOUNT_LINKS = [
  { to: paths.profile, label: 'My Profile', icon: User },
  { to: paths.transactions, label: 'Transactions', icon: Receipt },
  { to: paths.balance, label: 'Balance', icon: Wallet },
  { to: paths.settings, label: 'Settings', icon: Settings },
] as const

const ADMIN_LINK = { to: paths.adminDashboard, label: 'Admin area', icon: ShieldCheck } as const

/**
 * The account links, with the way into the admin area for an admin (the server decides who is one) in place of
 * Balance: admins neither buy nor sell, so they hold no balance.
 */
export function accountLinks(isAdmin: boolean) {
  return isAdmin ? [...ACCOUNT_LINKS.filter((link) => link.to !== paths.balance), ADMIN_LINK] : ACCOUNT_LINKS
}
