import type pg from 'pg'

/**
 * Every table of the database with its row count and a hash of every row: two equal fingerprints mean nothing was
 * inserted, changed or deleted anywhere. `except` leaves out tables a test must justify leaving out.
 */
export async function databaseFingerprint(sql: pg.Client, except: readonly string[] = []): Promise<Record<string, { rows: number; hash: string }>> {
  const { rows: tables } = await sql.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )
  const fingerprint: Record<string, { rows: number; hash: string }> = {}
  for (const { name } of tables) {
    if (except.includes(name)) continue
    const { rows } = await sql.query<{ rows: number; hash: string | null }>(
      `select count(*)::int as rows, md5(string_agg(md5(t::text), '' order by md5(t::text))) as hash from "${name.replace(/"/g, '""')}" t`,
    )
    fingerprint[name] = { rows: rows[0]!.rows, hash: rows[0]!.hash ?? '' }
  }
  return fingerprint
}
