import type { EntityManager, Knex } from '@mikro-orm/postgresql'

/**
 * Databases whose connections share one backend (the embedded PGlite behind its socket): a statement prepared
 * under a name on one pooled connection exists on all of them, and preparing it on the next is an error.
 */
const sharedBackends = new WeakSet<object>()

/** Marks the ORM's database as one backend under every connection: statements run unnamed there. */
export function runStatementsUnnamed(em: EntityManager): void {
  sharedBackends.add(em.getConnection())
}

/**
 * Runs one statement as a named prepared statement: PostgreSQL parses and plans it once per connection and
 * then only binds values. MikroORM inlines values into the SQL text, so every call of a statement is new text
 * to plan; for the hottest write (a chat message) planning was 60 % of the database's CPU per call. Values go
 * as bind parameters (`?` placeholders). Outside a transaction only: it runs on a pooled connection of its own.
 * On the embedded database it runs unnamed (still with bind parameters).
 */
export async function runPrepared<T>(em: EntityManager, name: string, sql: string, values: unknown[]): Promise<T[]> {
  if (em.isInTransaction()) throw new Error(`prepared statement ${name} must run outside a transaction`)
  return run<T>(em, em.getConnection().getKnex(), name, sql, values)
}

/**
 * The same inside the caller's database transaction, on its connection: the money path's statements, each a
 * step's whole read or write, so a step costs a few round trips without planning instead of one per row.
 */
export async function runPreparedIn<T>(tx: EntityManager, name: string, sql: string, values: unknown[]): Promise<T[]> {
  const trx = tx.getTransactionContext<Knex.Transaction>()
  if (!trx) throw new Error(`prepared statement ${name} must run inside a transaction`)
  return run<T>(tx, trx, name, sql, values)
}

/** On the EntityManager's own connection: its transaction's when it has one, else a pooled one. */
export function runPreparedOn<T>(em: EntityManager, name: string, sql: string, values: unknown[]): Promise<T[]> {
  return em.isInTransaction() ? runPreparedIn<T>(em, name, sql, values) : runPrepared<T>(em, name, sql, values)
}

/** The pg client under a knex connection: statements go to it directly, with no query builder in between. */
interface PgConnection {
  query(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>
}

interface KnexClient {
  acquireConnection(): Promise<PgConnection>
  releaseConnection(connection: PgConnection): Promise<unknown>
}

/** Each statement's text with `?` placeholders numbered as PostgreSQL's `$1`, `$2`…, worked out once. */
const numbered = new Map<string, string>()

export function numberPlaceholders(sql: string): string {
  let text = numbered.get(sql)
  if (text === undefined) {
    let n = 0
    text = sql.replace(/\?\??/g, (match) => {
      if (match !== '?') throw new Error(`a prepared statement takes plain ? placeholders, not ${match}`)
      return `$${++n}`
    })
    numbered.set(sql, text)
  }
  return text
}

/**
 * The statement goes straight to the pg client of the connection knex holds for the transaction (or lends from its
 * pool), not through knex's query path: knex compiled each call's text and bindings anew, wrapped it in a query
 * object and emitted events around it, which cost the purchase's handful of statements 0.3–0.7 ms of the server's
 * CPU per purchase. Errors are pg's own (with their SQLSTATE `code`), as knex passed them on.
 */
async function run<T>(em: EntityManager, knex: Knex, name: string, sql: string, values: unknown[]): Promise<T[]> {
  // knex refuses a statement on a transaction that has ended, whose connection is back in the pool
  if (knex.isTransaction && (knex as Knex.Transaction).isCompleted()) throw new Error(`Transaction query already complete, run with ${name}`)
  const client = knex.client as unknown as KnexClient
  const connection = await client.acquireConnection()
  try {
    const text = numberPlaceholders(sql)
    const result = await connection.query(sharedBackends.has(em.getConnection()) ? { text, values } : { name, text, values })
    return result.rows as T[]
  } finally {
    await client.releaseConnection(connection)
  }
}
