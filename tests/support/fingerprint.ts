import type pg from 'pg'

/**
 * Every table of the database with its row count and a hash of every row: two equal fingerprints mean nothing was
 * inserted, changed or deleted anywhere. `except` leaves out tables a test must justify leaving out, `ignoredColumns`
 * columns of a table (by name) that a test must justify leaving out.
 */
export async function databaseFingerprint(
  sql: pg.Client,
  except: readonly string[] = [],
  ignoredColumns: Readonly<Record<string, readonly string[]>> = {},
): Promise<Record<string, { rows: number; hash: string }>> {
  const { rows: tables } = await sql.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )
  const fingerprint: Record<string, { rows: number; hash: string }> = {}
  for (const { name } of tables) {
    if (except.includes(name)) continue
    const row = ['to_jsonb(t)', ...(ignoredColumns[name] ?? []).map((column) => `'${column.replace(/'/g, "''")}'`)].join(' - ')
    const { rows } = await sql.query<{ rows: number; hash: string | null }>(
      `select count(*)::int as rows, md5(string_agg(md5((${row})::text), '' order by md5((${row})::text))) as hash from "${name.replace(/"/g, '""')}" t`,
    )
    fingerprint[name] = { rows: rows[0]!.rows, hash: rows[0]!.hash ?? '' }
  }
  return fingerprint
}
