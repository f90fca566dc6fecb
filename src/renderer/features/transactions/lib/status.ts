import {
  ACTIVE_TRANSACTION_STATUSES,
  FINAL_TRANSACTION_STATUSES,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_STATUSES,
  type TransactionDetailDto,
  type TransactionStatus,
} from '@shared/api/transactions'

/** The way a deal goes when nothing goes wrong (DESIGN.md "Money and escrow"); the other statuses are side exits. */
export const HAPPY_PATH: readonly TransactionStatus[] = TRANSACTION_STATUSES.slice(0, TRANSACTION_STATUSES.indexOf('completed') + 1)

export type StatusTone = 'active' | 'positive' | 'negative' | 'warning'

/** Colour family of a status: open deals, completed, cancelled or refunded, in dispute. */
export function statusTone(status: TransactionStatus): StatusTone {
  if (status === 'completed') return 'positive'
  if (status === 'cancelled' || status === 'refunded') return 'negative'
  if (status === 'disputed') return 'warning'
  return 'active'
}

export const isActiveStatus = (status: TransactionStatus) => ACTIVE_TRANSACTION_STATUSES.includes(status)
export const isFinalStatus = (status: TransactionStatus) => FINAL_TRANSACTION_STATUSES.includes(status)

export type StepState = 'done' | 'current' | 'next'

export interface StatusStep {
  status: TransactionStatus
  label: string
  state: StepState
  /** when the deal reached it (the first timeline event moving there); null for steps ahead or unrecorded */
  at: string | null
}

/**
 * The deal's path for the timeline: the statuses it went through (from its timeline, in order), the one it is
 * in, and, while it is still on the happy path, the ones ahead. A final status is done, not current: nothing
 * more will happen. A side exit (cancelled, refunded, disputed) shows where it left the path.
 */
export function statusSteps(deal: Pick<TransactionDetailDto, 'status' | 'timeline'>): StatusStep[] {
  const reachedAt = new Map<TransactionStatus, string>()
  const order: TransactionStatus[] = []
  const events = [...deal.timeline].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id)
  for (const event of events) {
    if (event.status === null || reachedAt.has(event.status)) continue
    reachedAt.set(event.status, event.createdAt)
    order.push(event.status)
  }
  // a deal settled after a dispute did not walk the rest of the path: show the way it really went
  const onPath = order.includes('disputed') ? -1 : HAPPY_PATH.indexOf(deal.status)
  // a happy-path status implies every one before it, even if the timeline missed one
  const passed: TransactionStatus[] = onPath >= 0 ? [...HAPPY_PATH.slice(0, onPath + 1)] : [...order.filter((s) => s !== deal.status), deal.status]
  if (onPath < 0 && !passed.includes('pending')) passed.unshift('pending')
  const final = isFinalStatus(deal.status)
  const steps: StatusStep[] = passed.map((status) => ({
    status,
    label: TRANSACTION_STATUS_LABELS[status],
    state: status === deal.status && !final ? 'current' : 'done',
    at: reachedAt.get(status) ?? null,
  }))
  if (onPath >= 0) {
    for (const status of HAPPY_PATH.slice(onPath + 1)) steps.push({ status, label: TRANSACTION_STATUS_LABELS[status], state: 'next', at: null })
  }
  return steps
}
