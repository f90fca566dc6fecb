import { diagnosticsEndpoints } from '@shared/api/endpoints/diagnostics'
import type { PlatformId } from './platforms'

/** Anchor of the listing grid on the home page; /browse and the Browse buttons land here. */
export const LISTINGS_ANCHOR = 'filterable-listings'

/** Every in-app destination, so links never spell a URL twice. Route patterns live in app/routes.ts. */
export const paths = {
  home: '/',
  marketplace: '/social-media-marketplace',
  browse: '/browse',
  auth: '/auth',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  unlockAccount: '/unlock-account',
  transactions: '/transactions',
  balance: '/balance',
  trustapIntegration: '/trustap-integration',
  profile: '/profile',
  messages: '/messages',
  settings: '/settings',
  notifications: '/notifications',
  createListing: '/create-listing',
  topSellers: '/top-sellers',
  blogs: '/blogs',
  howItWorks: '/how-it-works',
  sellYourAccount: '/sell-your-account',
  faq: '/faq',
  contact: '/contact',
  terms: '/terms',
  privacy: '/privacy',
  cookies: '/cookies',
  escrowService: '/escrow-service',
  verification: '/verification',
  emailDiagnostic: '/email/diagnostic',
  cryptoDiagnostic: '/crypto/diagnostic',
  /** answered by the server as JSON, not by the app */
  apiDiagnostic: diagnosticsEndpoints.getDiagnostic.path,
  adminDashboard: '/admin-dashboard',
  adminLogin: '/admin-login',
  adminSettings: '/admin-settings',
  paymentMonitor: '/admin/payment-monitor',
  adminConversations: '/admin/chats',
  adminModeration: '/admin/moderation',
  adminAudit: '/admin/audit',
  adminBlog: '/admin/blog',
  adminBlogNew: '/admin/blog/new',
  adminBlogPost: (id: number | string) => `/admin/blog/${id}`,
  adminContact: '/admin/contact',
  adminChat: (conversationId: number | string) => `/admin/chat/${conversationId}`,
  transaction: (id: number | string) => `/transaction/${id}`,
  listing: (id: number | string) => `/listing/${id}`,
  /** the seller's own listing in the create-listing form */
  editListing: (id: number | string) => `/create-listing?edit=${id}`,
  /** a seller's public profile (SPEC §2 /seller/{id}) */
  seller: (id: number | string) => `/seller/${id}`,
  blogPost: (id: number | string) => `/blog/${id}`,
  chat: (conversationId: number | string) => `/chat/${conversationId}`,
  /** a conversation opened in /messages (SPEC §2) */
  conversation: (conversationId: number | string) => `/messages?conversation=${conversationId}`,
  buyPlatform: (platform: PlatformId) => `/buy-${platform}-accounts`,
} as const
