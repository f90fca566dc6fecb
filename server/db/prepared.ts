import type { EntityManager } from '@mikro-orm/postgresql'

/**
 * Runs one statement as a named prepared statement: PostgreSQL parses and plans it once per connection and
 * then only binds values. MikroORM inlines values into the SQL text, so every call of a statement is new text
 * to plan; for the hottest write (a chat message) planning was 60 % of the database's CPU per call. Values go
 * as bind parameters (`?` placeholders). Outside a transaction only: it runs on a pooled connection of its own.
 */
export async function runPrepared<T>(em: EntityManager, name: string, sql: string, values: unknown[]): Promise<T[]> {
  if (em.isInTransaction()) throw new Error(`prepared statement ${name} must run outside a transaction`)
  const knex = em.getConnection().getKnex()
  const result = (await knex.raw(sql, values as never[]).options({ name })) as { rows: T[] }
  return result.rows
}
