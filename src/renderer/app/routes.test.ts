import { describe, expect, it } from 'vitest'
import { matchRoutes } from 'react-router-dom'
import { diagnosticsEndpoints } from '@shared/api/endpoints/diagnostics'
import { apiUrl } from '@/lib/api'
import { NOT_BUILT_ROUTES, SPEC_ROUTE_TABLE, SPEC_ROUTES } from './routes'

/** The diagnostic report's URL, which SPEC §2 also lists as a page to visit. */
const API_DIAGNOSTIC = apiUrl(diagnosticsEndpoints.getDiagnostic)

describe('SPEC_ROUTES', () => {
  it('lists every SPEC §2 route once, as a visitable URL', () => {
    expect(new Set(SPEC_ROUTES).size).toBe(SPEC_ROUTES.length)
    expect(SPEC_ROUTES.every((url) => url.startsWith('/') && !url.includes(':'))).toBe(true)
    for (const url of [
      '/',
      '/browse',
      '/chat',
      '/transaction/1',
      '/escrow-service',
      '/verification',
      '/buy-youtube-accounts',
      '/buy-tiktok-accounts',
      '/buy-gaming-accounts',
      API_DIAGNOSTIC,
      '/admin/chat/1',
    ]) {
      expect(SPEC_ROUTES).toContain(url)
    }
  })

  it('matches each sample URL to its own route pattern', () => {
    const patterns = SPEC_ROUTE_TABLE.map((route) => ({ path: route.path }))
    for (const route of SPEC_ROUTE_TABLE) {
      const matched = matchRoutes(patterns, route.sample ?? route.path)
      expect(matched?.[0].route.path).toBe(route.path)
    }
  })

  it('marks only unbuilt screens as not built', () => {
    expect(NOT_BUILT_ROUTES).not.toContain('/settings')
    for (const built of [
      '/',
      '/profile',
      '/crypto/diagnostic',
      API_DIAGNOSTIC,
      '/login',
      '/signup',
      '/forgot-password',
      '/reset-password',
      '/unlock-account',
      '/browse',
      '/chat',
      '/notifications',
      '/messages',
      '/chat/1',
      '/admin/chat/1',
      '/transactions',
      '/transaction/1',
      '/balance',
      '/payment/return',
      '/payment-return',
      '/payment/trustap/return',
      '/trustap/return',
      '/payment-success',
      '/payment-failed',
      '/payment/1',
      '/trustap-integration',
      '/trustap/auth/callback',
      '/auth/trustap/callback',
      '/blogs',
      '/blog/1',
      '/sell-your-account',
      '/faq',
      '/how-it-works',
      '/secure-account-trading',
      '/contact',
      '/terms',
      '/privacy',
      '/cookies',
      '/escrow-service',
      '/verification',
      '/admin/blog',
      '/admin/blog/new',
      '/admin/blog/1',
      '/admin/contact',
    ]) {
      expect(NOT_BUILT_ROUTES).not.toContain(built)
    }
  })
})
