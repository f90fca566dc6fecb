import { describe, expect, it } from 'vitest'
import { auditSearchParams, readAuditQuery, withAuditFilters } from './audit-filters'

const read = (search: string) => readAuditQuery(new URLSearchParams(search))

describe('audit filters in the URL', () => {
  it('reads the filters and the page, dropping what the API would refuse', () => {
    expect(read('action=user.ban&targetType=user&targetId=1042&adminId=1000&page=3')).toEqual({
      action: 'user.ban',
      targetType: 'user',
      targetId: '1042',
      adminId: 1000,
      page: 3,
    })
    expect(read('action=user.explode&targetType=planet&adminId=abc&page=0&sort=old')).toEqual({ page: 1 })
    expect(read('')).toEqual({ page: 1 })
  })

  it('writes only the filters in use, and the page only past the first', () => {
    expect(auditSearchParams({ page: 1 }).toString()).toBe('')
    expect(auditSearchParams({ action: 'settings.update', page: 2 }).toString()).toBe('action=settings.update&page=2')
  })

  it('starts again at page 1 when a filter changes, and removes a filter set to nothing', () => {
    const query = read('action=user.ban&targetId=7&page=4')
    expect(withAuditFilters(query, { adminId: '1000' }).toString()).toBe('action=user.ban&targetId=7&adminId=1000')
    expect(withAuditFilters(query, { action: '', targetId: ' ' }).toString()).toBe('')
    expect(withAuditFilters(query, { adminId: 'not a number' }).toString()).toBe('action=user.ban&targetId=7')
  })
})
