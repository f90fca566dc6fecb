import type { EntityManager } from '@mikro-orm/postgresql'
import type { SitemapSource } from './sitemap'

/**
 * Active listings for the sitemap, read as bare (id, updated_at) rows: up to 50,000 of them per file,
 * too many to hydrate as entities for a list of links.
 */
export function listingSitemapSource(em: EntityManager): SitemapSource {
  const connection = em.getConnection()
  return {
    async countListings() {
      const [row] = await connection.execute<{ count: string }[]>(`select count(*) as count from listings where status = 'active'`)
      return Number(row?.count ?? 0)
    },
    async listings(offset, limit) {
      const rows = await connection.execute<{ id: number; updated_at: Date | string }[]>(
        `select id, updated_at from listings where status = 'active' order by id limit ? offset ?`,
        [limit, offset],
      )
      return rows.map((row) => ({ id: Number(row.id), updatedAt: new Date(row.updated_at) }))
    },
  }
}
