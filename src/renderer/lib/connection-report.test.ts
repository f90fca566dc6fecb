import { describe, expect, it } from 'vitest'
import type { ConnectionState } from '@shared/ipc/contract'
import { createConnectionReporter, FAILURES_BEFORE_OFFLINE } from './connection-report'
import type { RealtimeStatus } from './ws-client'

const CONNECTING: RealtimeStatus = { state: 'connecting', connected: false }
const OPEN: RealtimeStatus = { state: 'open', connected: false }
const CONNECTED: RealtimeStatus = { state: 'open', connected: true }
const CLOSED: RealtimeStatus = { state: 'closed', connected: false }

function setup() {
  const reported: ConnectionState[] = []
  let online = true
  const reporter = createConnectionReporter(
    (state) => reported.push(state),
    () => online,
  )
  const setOnline = (value: boolean) => {
    online = value
    reporter.networkChanged()
  }
  return { reporter, reported, setOnline }
}

describe('createConnectionReporter', () => {
  it('says connecting until the server has authenticated the connection, then connected', () => {
    const { reporter, reported } = setup()
    reporter.status(CONNECTING)
    reporter.status(OPEN)
    expect(reported).toEqual(['connecting'])
    reporter.status(CONNECTED)
    expect(reported).toEqual(['connecting', 'connected'])
  })

  it('says connecting after a drop, offline once the attempts after it have failed', () => {
    const { reporter, reported } = setup()
    reporter.status(CONNECTING)
    reporter.status(CONNECTED)
    reporter.status(CLOSED)
    expect(reported.at(-1)).toBe('connecting')
    for (let i = 0; i < FAILURES_BEFORE_OFFLINE - 1; i++) {
      reporter.status(CONNECTING)
      reporter.status(CLOSED)
    }
    expect(reported.at(-1)).toBe('connecting')
    reporter.status(CONNECTING)
    reporter.status(CLOSED)
    expect(reported.at(-1)).toBe('offline')
    // still retrying, still offline to the user until one attempt gets through
    reporter.status(CONNECTING)
    expect(reported.at(-1)).toBe('offline')
    reporter.status(CONNECTED)
    expect(reported).toEqual(['connecting', 'connected', 'connecting', 'offline', 'connected'])
  })

  it('counts the failures afresh after a connection got through', () => {
    const { reporter, reported } = setup()
    for (let i = 0; i < FAILURES_BEFORE_OFFLINE; i++) reporter.status(CLOSED)
    reporter.status(CONNECTED)
    reporter.status(CLOSED)
    reporter.status(CONNECTING)
    expect(reported.at(-1)).toBe('connecting')
  })

  it('believes the browser at once when it says it is offline', () => {
    const { reporter, reported, setOnline } = setup()
    reporter.status(CONNECTED)
    setOnline(false)
    expect(reported.at(-1)).toBe('offline')
    reporter.status(CONNECTING)
    expect(reported.at(-1)).toBe('offline')
    setOnline(true)
    expect(reported.at(-1)).toBe('connecting')
  })

  it('reports each change once', () => {
    const { reporter, reported } = setup()
    reporter.status(CONNECTED)
    reporter.status(CONNECTED)
    reporter.networkChanged()
    expect(reported).toEqual(['connected'])
  })
})
