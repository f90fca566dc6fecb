import { describe, expect, it } from 'vitest'
import { createLocalPresence } from './presence'

describe('local presence', () => {
  it('reports online on the first socket only', async () => {
    const presence = createLocalPresence()
    expect(await presence.add(1)).toBe(true)
    expect(await presence.add(1)).toBe(false)
    expect(await presence.add(2)).toBe(true)
    expect((await presence.list()).sort()).toEqual([1, 2])
  })

  it('reports offline on the last socket only', async () => {
    const presence = createLocalPresence()
    await presence.add(1)
    await presence.add(1)
    expect(await presence.remove(1)).toBe(false)
    expect(await presence.list()).toEqual([1])
    expect(await presence.remove(1)).toBe(true)
    expect(await presence.list()).toEqual([])
  })

  it('ignores a remove without a matching add', async () => {
    const presence = createLocalPresence()
    expect(await presence.remove(3)).toBe(false)
    expect(await presence.add(3)).toBe(true)
  })

  it('tells which of some users are online', async () => {
    const presence = createLocalPresence()
    await presence.add(1)
    await presence.add(3)
    expect([...(await presence.onlineAmong([1, 2, 3, 3]))].sort()).toEqual([1, 3])
    await presence.remove(1)
    expect([...(await presence.onlineAmong([1, 2]))]).toEqual([])
  })

  it('forgets everyone on close', async () => {
    const presence = createLocalPresence()
    await presence.add(1)
    await presence.close()
    expect(await presence.list()).toEqual([])
  })
})
