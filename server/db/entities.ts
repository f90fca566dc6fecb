import { EmailChangeSchema, UserPreferenceSchema } from '../modules/account-settings/account-settings.entities'
import { AuditEntrySchema } from '../modules/audit/audit.entity'
import { BlogPostSchema } from '../modules/blog/blog-post.entity'
import { ContactMessageSchema } from '../modules/contact/contact-message.entity'
import { PasswordResetSchema, PendingSignupSchema } from '../modules/auth/auth.entities'
import { AccountUnlockSchema, KnownDeviceSchema, PasskeySchema, RecoveryCodeSchema, UserTotpSchema } from '../modules/auth/two-factor.entities'
import { ConversationSchema, MessageSchema } from '../modules/conversations/conversation.entities'
import { OutboxEmailSchema } from '../modules/email/email.entity'
import {
  ChecklistItemSchema,
  EscrowTransactionEventSchema,
  EscrowTransactionSchema,
  HandoverStepSchema,
} from '../modules/transactions/transactions.entities'
import { ListingSchema } from '../modules/listings/listing.entity'
import { ModerationFlagSchema } from '../modules/moderation/moderation-flag.entity'
import { LedgerAccountSchema, LedgerEntrySchema, LedgerTransferSchema } from '../modules/ledger/ledger.entities'
import { NotificationSchema } from '../modules/notifications/notification.entity'
import { ReviewSchema } from '../modules/reviews/review.entity'
import { PaymentOrderSchema, PaymentWebhookEventSchema, TrustapAccountSchema, WithdrawalSchema } from '../modules/payments/payment.entities'
import { SessionSchema } from '../modules/sessions/session.entity'
import { SettingSchema } from '../modules/settings/setting.entity'
import { UserSchema } from '../modules/users/user.entity'

/** Every entity of every module; the ORM and the migration generator both read this list. */
export const entities = [
  UserSchema,
  PendingSignupSchema,
  PasswordResetSchema,
  SessionSchema,
  OutboxEmailSchema,
  LedgerAccountSchema,
  LedgerTransferSchema,
  LedgerEntrySchema,
  ListingSchema,
  SettingSchema,
  NotificationSchema,
  ConversationSchema,
  MessageSchema,
  EscrowTransactionSchema,
  EscrowTransactionEventSchema,
  HandoverStepSchema,
  ChecklistItemSchema,
  PaymentOrderSchema,
  WithdrawalSchema,
  PaymentWebhookEventSchema,
  TrustapAccountSchema,
  AuditEntrySchema,
  ModerationFlagSchema,
  BlogPostSchema,
  ContactMessageSchema,
  ReviewSchema,
  UserPreferenceSchema,
  EmailChangeSchema,
  UserTotpSchema,
  RecoveryCodeSchema,
  PasskeySchema,
  AccountUnlockSchema,
  KnownDeviceSchema,
]
