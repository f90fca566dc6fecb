import { beforeAll, describe, expect, it } from 'vitest'
import { reportViolations } from '../support/axe'
import { useDemoSite } from '../support/e2e'
import { SAME_FOR_EVERY_VIEWER, WALKED_ROUTES, demoIds, forAdmins, onePerScreen, signedIn, walk, type DemoIds } from '../support/a11y-walk'

// a visitor's walk is in accessibility.test.ts
const site = useDemoSite()
let ids: DemoIds

beforeAll(async () => {
  ids = await demoIds(site)
})

describe('axe and the layout at three widths over every screen, signed in and as the admin', () => {
  it('finds none on any screen but the admin area signed in as alice, where a screen shows her anything of her own', async () => {
    const routes = onePerScreen(WALKED_ROUTES.filter((r) => !forAdmins(r) && !SAME_FOR_EVERY_VIEWER.has(r.screen ?? '')))
    const { findings, layout, checked, broken } = await walk(site, await signedIn(site, 'alice'), 'alice', routes, ids)
    expect(broken).toEqual([])
    expect(findings.length, reportViolations(findings)).toBe(0)
    expect(layout).toEqual([])
    // her own screens are checked, with her header on each; the content pages are the visitor walk's
    expect(checked).toEqual(expect.arrayContaining(['/', '/balance', '/messages', '/settings', `/transaction/${ids.transaction}`]))
    expect(checked).not.toContain('/faq')
  }, 720_000)

  it('finds none on the admin screens signed in as the admin', async () => {
    const { findings, layout, broken } = await walk(site, await signedIn(site, 'admin'), 'admin', onePerScreen(WALKED_ROUTES.filter(forAdmins)), ids)
    expect(broken).toEqual([])
    expect(findings.length, reportViolations(findings)).toBe(0)
    expect(layout).toEqual([])
  }, 480_000)
})
