import { describe, expect, it } from 'vitest'
import { TRANSACTION_ACTIONS } from '../transactions'
import { STEP_ENDPOINTS, stepSegment } from './transactions'

describe('the steps of a deal in the endpoint table', () => {
  it('maps every action to its endpoint segment', () => {
    expect(Object.fromEntries(TRANSACTION_ACTIONS.map((action) => [action, stepSegment(action)]))).toEqual({
      pay: 'pay',
      send_invite: 'send-invite',
      confirm_access: 'confirm-access',
      start_countdown: 'start-countdown',
      release: 'release',
      cancel: 'cancel',
      refund: 'refund',
      dispute: 'dispute',
      resolve_release: 'resolve-release',
      resolve_refund: 'resolve-refund',
    })
  })

  it('mounts every step on the one route, answers with the deal, and lets only an admin settle a dispute', () => {
    for (const action of TRANSACTION_ACTIONS) {
      const endpoint = STEP_ENDPOINTS[action]
      expect(endpoint).toMatchObject({ method: 'POST', mountedAs: '/api/transactions/:id/:step', idempotent: true })
      expect(endpoint.auth).toBe(action.startsWith('resolve_') ? 'admin' : 'signed-in')
    }
  })
})
