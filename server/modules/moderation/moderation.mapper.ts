import type { AdminListingDto, AdminUserDto } from '@shared/api/moderation'
import type { Listing } from '../listings/listing.entity'
import { toListingDto } from '../listings/listing.mapper'
import type { User } from '../users/user.entity'
import { NO_FLAGS, type FlagSummary } from './flags'

export function toAdminUserDto(user: User, flags: FlagSummary = NO_FLAGS): AdminUserDto {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    isAdmin: user.isAdmin,
    createdAt: user.createdAt.toISOString(),
    bannedAt: user.bannedAt?.toISOString() ?? null,
    banReason: user.banReason,
    deletedAt: user.deletedAt?.toISOString() ?? null,
    flags: flags.count,
    lastFlag: flags.last,
  }
}

/** The listing as its seller sees it (status and reason), with its violations; the seller must be loaded. */
export function toAdminListingDto(listing: Listing, flags: FlagSummary = NO_FLAGS): AdminListingDto {
  return {
    ...toListingDto(listing, true),
    status: listing.status,
    rejectionReason: listing.rejectionReason,
    flags: flags.count,
    lastFlag: flags.last,
  }
}
