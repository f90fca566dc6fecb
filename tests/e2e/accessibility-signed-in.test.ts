import { beforeAll, describe, expect, it } from 'vitest'
import { reportViolations } from '../support/axe'
import { useDemoSite } from '../support/e2e'
import { WALKED_ROUTES, demoIds, forAdmins, onePerScreen, signedIn, walk, type DemoIds } from '../support/a11y-walk'

// a visitor's walk is in accessibility.test.ts
const site = useDemoSite()
let ids: DemoIds

beforeAll(async () => {
  ids = await demoIds(site)
})

describe('axe and the layout at three widths over every screen, signed in and as the admin', () => {
  it('finds none on any screen but the admin area signed in as alice', async () => {
    const { findings, layout } = await walk(site, await signedIn(site, 'alice'), 'alice', onePerScreen(WALKED_ROUTES.filter((r) => !forAdmins(r))), ids)
    expect(findings.length, reportViolations(findings)).toBe(0)
    expect(layout).toEqual([])
  }, 720_000)

  it('finds none on the admin screens signed in as the admin', async () => {
    const { findings, layout } = await walk(site, await signedIn(site, 'admin'), 'admin', onePerScreen(WALKED_ROUTES.filter(forAdmins)), ids)
    expect(findings.length, reportViolations(findings)).toBe(0)
    expect(layout).toEqual([])
  }, 480_000)
})
