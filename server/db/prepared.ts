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

async function run<T>(em: EntityManager, knex: Knex, name: string, sql: string, values: unknown[]): Promise<T[]> {
  const query = knex.raw(sql, values as never[])
  const result = (await (sharedBackends.has(em.getConnection()) ? query : query.options({ name }))) as { rows: T[] }
  return result.rows
}
