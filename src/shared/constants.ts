/** Business constants and client timings of SPEC §9, used as written. */

export const WELCOME_BONUS_CENTS = 1500
export const USERNAME_MIN = 3
export const USERNAME_MAX = 50
export const VERIFICATION_CODE_LENGTH = 6
export const RESEND_COOLDOWN_MS = 60_000
export const ADMIN_SENDER_ID = 999
export const PAGE_SIZE = 28
export const SKELETON_COUNT = 8

export const SORT_OPTIONS = ['newest', 'price-low', 'price-high', 'followers-high', 'followers-low', 'income-high', 'income-low'] as const

export const LIVE_PLATFORMS = ['youtube', 'instagram', 'tiktok', 'facebook', 'twitter', 'telegram'] as const
export const PLATFORM_IDS = ['youtube', 'tiktok', 'instagram', 'facebook', 'twitter', 'telegram', 'gaming'] as const

export const ACTIVE_TRANSACTION_STATUSES = ['pending', 'fee_paid', 'invite_sent', 'access_granted', 'countdown_started'] as const

export const NOTIFICATION_DROPDOWN = { maxItems: 8, pollMs: 5_000 } as const
export const BADGE_CAP = { desktop: 99, mobile: 9, chat: 99 } as const

export const POLLING = { platformStatsMs: 30_000, accountsMs: 60_000 } as const

export const QUERY_DEFAULTS = {
  staleMs: 5 * 60_000,
  gcMs: 10 * 60_000,
  retryDelayBaseMs: 1_000,
  retryDelayCapMs: 3_000,
} as const

export const CURRENT_USER_QUERY = {
  staleMs: 5 * 60_000,
  gcMs: 10 * 60_000,
  retryDelayBaseMs: 1_000,
  retryDelayCapMs: 5_000,
  maxRetries: 3,
} as const

export const LISTINGS_QUERY = { staleMs: 2 * 60_000, gcMs: 5 * 60_000 } as const

export const HEADER_STALE = {
  conversationsMs: 5 * 60_000,
  transactionsMs: 2 * 60_000,
  notificationsMs: 30_000,
  unreadCountMs: 1_000,
} as const

export const PRIORITY_LOADER = {
  high: { staleMs: 30_000, gcMs: 60_000, retries: 3, backoffBaseMs: 500, refetchIntervalMs: 30_000 },
  medium: { staleMs: 2 * 60_000, gcMs: 5 * 60_000, retries: 2, backoffBaseMs: 1_000 },
  low: { staleMs: 5 * 60_000, gcMs: 10 * 60_000, retries: 1, backoffBaseMs: 1_000 },
  backoffCapMs: 10_000,
  slowDownlinkMbps: 1.5,
  slowTypes: ['2g', 'slow-2g'],
} as const

export const TOASTS = {
  limit: 5,
  removeDelayMs: 4_000,
  sweepEveryMs: 30_000,
  sweepKeep: 3,
  durationMs: 5_000,
  swipeThresholdPx: 50,
  hotkey: 'F8',
} as const

export const REALTIME = {
  connectTimeoutMs: 15_000,
  maxReconnects: 5,
  backoffBaseMs: 1_000,
  backoffFactor: 2,
  backoffFactorGentle: 1.5,
  backoffCapMs: 30_000,
  backoffCapMobileMs: 20_000,
  jitterMaxMs: 1_000,
  stableAfterMs: 5_000,
  minStartIntervalMs: 5_000,
  heartbeatMs: 35_000,
  heartbeatMobileMs: 30_000,
  slowHeartbeatFactor: 1.5,
  slowHeartbeatCapMs: 50_000,
} as const

export const SOUNDS = {
  notification: { src: '/sounds/notification.mp3', volume: 0.6 },
  purchase: { src: '/sounds/purchase.mp3', volume: 0.7 },
  messageThrottleMs: 2_000,
  notificationThrottleMs: 500,
  suppressAfterOwnPurchaseMs: 5_000,
} as const

/**
 * Native notifications while the window is away (not in the spec: docs/decisions.md). At most one per conversation
 * and one for the bell's notifications in each window, so a burst of messages is one alert, not fifty.
 */
export const DESKTOP_ALERTS = { throttleMs: 2_000, bodyMaxChars: 140, supportTitle: 'Handover support' } as const

export const REFETCH_THROTTLE = {
  conversationsMs: 3_000,
  conversationsOnReadMs: 1_000,
  listingsMs: 200,
  listingsOnUpdateMs: 50,
} as const

export const ERROR_RETRY = { max: 3, delayMs: 2_000 } as const
export const FALLBACK_CHECK_MS = 1_000
export const REDIRECT_DELAYS = { short: 1_000, medium: 1_500, long: 2_000 } as const
export const SEARCH_DEBOUNCE_MS = 300
export const MOBILE_BREAKPOINT_PX = 768
export const TOOLTIP = { delayMs: 700, skipDelayMs: 300 } as const
export const BROWSE_SCROLL_DELAY_MS = 100
export const MOBILE_NAV_DELAY_MS = 200
export const COUNTER_ANIMATION = { durationMs: 2_000, steps: 50 } as const
export const DROPDOWN_WIDTH = { small: 320, large: 384 } as const
