import type { z } from 'zod'
import { optionalReasonText, reasonText, violationNoteText, type AdminListingDto, type AdminUserDto } from '@shared/api/moderation'

/** What an admin can do to a user or a listing from the moderation screen; each is one POST with a reason. */
export type UserAction = 'ban' | 'unban' | 'flag' | 'delete'
export type ListingAction = 'suspend' | 'restore' | 'verify' | 'flag'

/** required: the owner reads it; optional: for the audit log; note: the violation the owner reads. */
export type ReasonKind = 'required' | 'optional' | 'note'

export interface ActionCopy {
  /** the row's button */
  label: string
  title: string
  /** what happens, said before it happens */
  description: string
  field: string
  confirm: string
  destructive: boolean
  reason: ReasonKind
  /** the toast after it worked */
  done: string
}

export const USER_ACTIONS: Record<UserAction, (name: string) => ActionCopy> = {
  ban: (name) => ({
    label: 'Ban',
    title: `Ban ${name}?`,
    description:
      'They are signed out everywhere at once and cannot sign in until unbanned, and their listings on sale are taken off sale. Their unpaid reservations are cancelled, and deals holding a buyer’s money wait in the dispute queue for an admin. They are told the reason.',
    field: 'Reason the user will see',
    confirm: 'Ban user',
    destructive: true,
    reason: 'required',
    done: `${name} is banned`,
  }),
  unban: (name) => ({
    label: 'Unban',
    title: `Unban ${name}?`,
    description: 'They can sign in again, the listings the ban took off sale go back on sale, and they are told the ban was lifted.',
    field: 'Note for the audit log (optional)',
    confirm: 'Unban user',
    destructive: false,
    reason: 'optional',
    done: `${name} is unbanned`,
  }),
  flag: (name) => ({
    label: 'Flag',
    title: `Flag a violation by ${name}`,
    description: 'The violation is kept on record and the user is told what it was. Nothing else changes.',
    field: 'Violation the user will see',
    confirm: 'Flag violation',
    destructive: false,
    reason: 'note',
    done: `Violation flagged on ${name}`,
  }),
  delete: (name) => ({
    label: 'Delete',
    title: `Delete ${name}?`,
    description:
      'The account is anonymised and signed out, and its listings leave the catalogue. Deals, payments and chats stay for the record. This cannot be undone.',
    field: 'Reason for deleting',
    confirm: 'Delete account',
    destructive: true,
    reason: 'required',
    done: `${name} was deleted`,
  }),
}

export const LISTING_ACTIONS: Record<ListingAction, (name: string) => ActionCopy> = {
  suspend: (name) => ({
    label: 'Suspend',
    title: `Suspend “${name}”?`,
    description: 'It leaves the catalogue at once and nobody can buy it until it is restored. The seller is told the reason.',
    field: 'Reason the seller will see',
    confirm: 'Suspend listing',
    destructive: true,
    reason: 'required',
    done: 'Listing suspended',
  }),
  restore: (name) => ({
    label: 'Restore',
    title: `Restore “${name}”?`,
    description: 'It goes back on sale in the catalogue and the seller is told.',
    field: 'Note for the audit log (optional)',
    confirm: 'Restore listing',
    destructive: false,
    reason: 'optional',
    done: 'Listing restored',
  }),
  verify: (name) => ({
    label: 'Verify',
    title: `Verify “${name}”?`,
    description: 'The listing shows the verified badge and matches the verified filter. The seller is told.',
    field: 'How it was verified (optional)',
    confirm: 'Verify account',
    destructive: false,
    reason: 'optional',
    done: 'Account verified',
  }),
  flag: (name) => ({
    label: 'Flag',
    title: `Flag a violation on “${name}”`,
    description: 'The violation is kept on record and the seller is told what it was. The listing stays as it is.',
    field: 'Violation the seller will see',
    confirm: 'Flag violation',
    destructive: false,
    reason: 'note',
    done: 'Violation flagged',
  }),
}

/** Admins are not moderated from here (the server refuses it too); a deleted account is final. */
export function userActions(user: AdminUserDto): UserAction[] {
  if (user.deletedAt || user.isAdmin) return []
  return [user.bannedAt ? 'unban' : 'ban', 'flag', 'delete']
}

/** A listing reserved by a running deal cannot be suspended; sold and removed ones can only be flagged. */
export function listingActions(listing: AdminListingDto): ListingAction[] {
  const actions: ListingAction[] = []
  if (listing.status === 'active') actions.push('suspend')
  if (listing.status === 'suspended') actions.push('restore')
  if (!listing.isVerified && listing.status !== 'sold' && listing.status !== 'removed') actions.push('verify')
  actions.push('flag')
  return actions
}

export type ActionBody = { reason: string } | { reason?: string } | { note: string }

/** The rule of each kind of text, from the shared contract, so the dialog refuses what the server would. */
export const REASON_RULES: Record<ReasonKind, z.ZodString> = { required: reasonText, optional: optionalReasonText, note: violationNoteText }

/** The request body for the text the dialog accepted (already trimmed and checked); an empty optional reason is none. */
export function actionBody(kind: ReasonKind, text: string | undefined): ActionBody {
  if (kind === 'note') return { note: text ?? '' }
  if (kind === 'required') return { reason: text ?? '' }
  return text ? { reason: text } : {}
}
