import { createHash } from 'node:crypto'
import type { EntityManager } from '@mikro-orm/postgresql'
import { TRANSACTION_MESSAGES } from '@shared/api/transactions'
import type { AppContext } from './context'
import { badRequest, conflict } from './errors'
import { canonicalJson } from './canonical-json'
import { runPreparedIn } from '../db/prepared'
import { commitThenAnnounce, type Announcement, type AnnounceDeps } from '../realtime/announce'

/** What a money-moving request answers, and what to announce once its transaction has committed (never on a replay). */
export interface Answer<T> extends Announcement {
  status: number
  body: T
}

/** Who announces an answer once committed, and what it is called in the log if its live events are lost. */
export interface Announcing {
  deps: AnnounceDeps
  what: string
}

export interface Idempotency {
  userId: number
  /** the request's Idempotency-Key, if it sent one */
  key: string | undefined
  /** hash of method, path and body: the same key with another request is a 409 */
  fingerprint: string
}

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/

/** The Idempotency-Key header of a request (400 when malformed) and the request's fingerprint. */
export function idempotencyOf(ctx: AppContext, userId: number): Idempotency {
  // absent is no key; sent empty (or repeated, which node joins with ", ") is a malformed one, never taken for none
  const header = ctx.headers['idempotency-key']
  if (header !== undefined && (typeof header !== 'string' || !KEY_PATTERN.test(header)))
    throw badRequest(TRANSACTION_MESSAGES.idempotencyInvalid, 'validation_error')
  const body: unknown = (ctx.request as { body?: unknown }).body
  const fingerprint = createHash('sha256')
    .update(`${ctx.method} ${ctx.path}\n${canonicalJson(body)}`)
    .digest('hex')
  return { userId, key: header, fingerprint }
}

/**
 * Runs a money-moving request in one database transaction together with its key: the first request with a key
 * stores its answer in the same commit as its effects, so a repeat (even after a crash) replays that answer
 * and moves nothing; a concurrent repeat waits on the key's row and then replays. The same key with a
 * different request is a 409. A request that fails stores nothing, so its retry runs afresh.
 */
export async function runIdempotent<T>(
  em: EntityManager,
  idempotency: Idempotency,
  run: (tx: EntityManager) => Promise<Answer<T>>,
  announcing: Announcing,
): Promise<{ status: number; body: T; replayed: boolean }> {
  return commitThenAnnounce(em, announcing.deps, announcing.what, async (tx) => {
    const answered = ({ status, body, notifications, deliveries }: Answer<T>) => ({
      value: { status, body, replayed: false },
      notifications,
      deliveries,
    })
    if (!idempotency.key) return answered(await run(tx))
    const [claimed] = await runPreparedIn<{ id: number }>(
      tx,
      'idempotency_claim',
      `insert into idempotency_keys (user_id, key, fingerprint, status_code, response) values (?, ?, ?, 0, 'null')
       on conflict (user_id, key) do nothing returning id`,
      [idempotency.userId, idempotency.key, idempotency.fingerprint],
    )
    if (!claimed) {
      const [first] = await tx.execute<{ fingerprint: string; status_code: number; response: T }[]>(
        'select fingerprint, status_code, response from idempotency_keys where user_id = ? and key = ?',
        [idempotency.userId, idempotency.key],
      )
      if (!first || first.fingerprint !== idempotency.fingerprint) throw conflict(TRANSACTION_MESSAGES.idempotencyMismatch, 'idempotency_key_reused')
      return { value: { status: first.status_code, body: first.response, replayed: true } }
    }
    const answer = await run(tx)
    await runPreparedIn(tx, 'idempotency_answer', 'update idempotency_keys set status_code = ?, response = ?::jsonb where id = ?', [
      answer.status,
      JSON.stringify(answer.body),
      claimed.id,
    ])
    return answered(answer)
  })
}

/** Answers a request through runIdempotent with the request's own key, marking a replayed answer. */
export async function respondIdempotent<T>(
  ctx: AppContext,
  userId: number,
  run: (tx: EntityManager) => Promise<Answer<T>>,
  announcing: Announcing,
): Promise<void> {
  const result = await runIdempotent(ctx.state.em, idempotencyOf(ctx, userId), run, announcing)
  if (result.replayed) ctx.set('Idempotent-Replayed', 'true')
  ctx.status = result.status
  ctx.body = result.body
}
