import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { adminBlogPostSchema, BLOG_MESSAGES, blogPostSchema, blogPostSummaryListSchema } from '../../src/shared/api/blog'
import type { RunningServer } from '../../server/server'
import { createTestDatabase, type TestDatabase } from '../support/database'
import { ApiClient } from '../support/http-client'
import { addUser, type TestUser } from '../support/payments'
import { startTestServer } from '../support/server'

let db: TestDatabase
let server: RunningServer
let sql: pg.Client
let admin: TestUser
let member: TestUser
let visitor: ApiClient

const BODY = 'Escrow holds the **buyer’s** money until the account is handed over.\n\n## Next\n\nRead the [FAQ](/faq).'

const auditRows = async (postId: number) =>
  (
    await sql.query(`select action, admin_id, before, after from admin_audit_log where target_type = 'blog_post' and target_id = $1 order by id`, [
      String(postId),
    ])
  ).rows
const send = (client: ApiClient, method: string, path: string, body?: unknown) => client.request(method, path, body)

async function createPost(input: Record<string, unknown>) {
  const res = await admin.client.post('/api/admin/blog', input)
  expect(res.status, res.text).toBe(201)
  return adminBlogPostSchema.parse(res.json)
}

beforeAll(async () => {
  db = await createTestDatabase()
  server = await startTestServer({ databaseUrl: db.url })
  sql = new pg.Client({ connectionString: db.url })
  await sql.connect()
  admin = await addUser(server, 'blog_admin', { admin: true })
  member = await addUser(server, 'blog_member')
  visitor = new ApiClient(server.url, { origin: server.url })
})

afterAll(async () => {
  await sql?.end()
  await server?.close()
  await db?.drop()
})

describe('the admin blog routes', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/admin/blog'],
    ['POST', '/api/admin/blog', { title: 'A title here', body: BODY }],
    ['POST', '/api/admin/blog/preview', { body: BODY }],
    ['GET', '/api/admin/blog/1'],
    ['PUT', '/api/admin/blog/1', { title: 'Another title' }],
    ['POST', '/api/admin/blog/1/publish', {}],
    ['POST', '/api/admin/blog/1/unpublish', {}],
    ['DELETE', '/api/admin/blog/1'],
  ]

  it('answer 401 to a visitor and 403 to a signed-in user, and write nothing', async () => {
    for (const [method, path, body] of routes) {
      expect((await send(visitor, method, path, body)).status, `${method} ${path}`).toBe(401)
      expect((await send(member.client, method, path, body)).status, `${method} ${path}`).toBe(403)
    }
    expect((await sql.query('select count(*)::int as n from blog_posts')).rows[0].n).toBe(0)
    expect((await sql.query(`select count(*)::int as n from admin_audit_log where target_type = 'blog_post'`)).rows[0].n).toBe(0)
  })

  it('refuse invalid posts with a 400 naming the problem', async () => {
    const cases: [unknown, string][] = [
      [{ title: 'Hi', body: BODY }, BLOG_MESSAGES.titleShort],
      [{ title: 'x'.repeat(161), body: BODY }, BLOG_MESSAGES.titleLong],
      [{ title: 'A fine title', body: 'too short' }, BLOG_MESSAGES.bodyShort],
      [{ title: 'A fine title', body: BODY, excerpt: 'x'.repeat(301) }, BLOG_MESSAGES.excerptLong],
    ]
    for (const [body, message] of cases) {
      const res = await admin.client.post('/api/admin/blog', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.json.message).toBe(message)
    }
    expect((await admin.client.post('/api/admin/blog', { title: 'A fine title', body: BODY, slug: 'x' })).status).toBe(400)
    expect((await sql.query('select count(*)::int as n from blog_posts')).rows[0].n).toBe(0)
  })
})

describe('writing and publishing a post', () => {
  it('keeps a draft from readers until it is published, and audits each step', async () => {
    const draft = await createPost({ title: 'Safe trading, step by step', body: BODY })
    expect(draft).toMatchObject({ state: 'draft', publishedAt: null, author: admin.username })
    // no summary written: the first paragraph's text stands in
    expect(draft.excerpt).toBe('Escrow holds the buyer’s money until the account is handed over.')
    expect((await visitor.get(`/api/blog/${draft.id}`)).status).toBe(404)
    expect((await visitor.get('/api/blog')).json).toEqual([])

    const published = await admin.client.post(`/api/admin/blog/${draft.id}/publish`)
    expect(published.status, published.text).toBe(200)
    expect(published.json).toMatchObject({ state: 'published' })
    expect((await admin.client.post(`/api/admin/blog/${draft.id}/publish`)).status).toBe(409)

    const list = await visitor.get('/api/blog')
    expect(list.headers.get('x-total-count')).toBe('1')
    expect(blogPostSummaryListSchema.parse(list.json).map((p) => p.title)).toEqual(['Safe trading, step by step'])
    const post = blogPostSchema.parse((await visitor.get(`/api/blog/${draft.id}`)).json)
    expect(post.html).toContain('<strong>buyer’s</strong>')
    expect(post.html).toContain('<h2>Next</h2>')

    expect((await auditRows(draft.id)).map((r) => [r.action, r.admin_id])).toEqual([
      ['blog.create', admin.id],
      ['blog.publish', admin.id],
    ])
  })

  it('audits an edit with only the changed fields, and nothing when nothing changed', async () => {
    const post = await createPost({ title: 'Before the edit', excerpt: 'A short summary.', body: BODY })
    const edited = await send(admin.client, 'PUT', `/api/admin/blog/${post.id}`, { title: 'After the edit' })
    expect(edited.status, edited.text).toBe(200)
    expect(edited.json).toMatchObject({ title: 'After the edit', excerpt: 'A short summary.' })
    expect((await send(admin.client, 'PUT', `/api/admin/blog/${post.id}`, { title: 'After the edit' })).status).toBe(200)
    const rows = await auditRows(post.id)
    expect(rows.map((r) => r.action)).toEqual(['blog.create', 'blog.update'])
    expect(rows[1]).toMatchObject({ before: { title: 'Before the edit' }, after: { title: 'After the edit' } })
    expect((await send(admin.client, 'PUT', `/api/admin/blog/${post.id}`, {})).json.message).toBe(BLOG_MESSAGES.nothingToChange)
  })

  it('takes an unpublished post away from readers, and a deleted one from everyone', async () => {
    const post = await createPost({ title: 'Here and gone again', body: BODY })
    expect((await admin.client.post(`/api/admin/blog/${post.id}/publish`)).status).toBe(200)
    expect((await visitor.get(`/api/blog/${post.id}`)).status).toBe(200)
    expect((await admin.client.post(`/api/admin/blog/${post.id}/unpublish`)).status).toBe(200)
    expect((await visitor.get(`/api/blog/${post.id}`)).status).toBe(404)
    expect(((await visitor.get('/api/blog')).json as unknown as { id: number }[]).map((p) => p.id)).not.toContain(post.id)

    expect((await send(admin.client, 'DELETE', `/api/admin/blog/${post.id}`)).status).toBe(204)
    expect((await admin.client.get(`/api/admin/blog/${post.id}`)).status).toBe(404)
    expect((await auditRows(post.id)).map((r) => r.action)).toEqual(['blog.create', 'blog.publish', 'blog.unpublish', 'blog.delete'])
  })

  it('renders hostile Markdown harmless, in the preview and for readers', async () => {
    const hostile = [
      'Look <script>alert(1)</script> here.',
      '',
      '<img src=x onerror="alert(2)">',
      '',
      '[click me](javascript:alert(3)) and <a href="javascript:alert(4)">raw</a>',
      '',
      '![pic](javascript:alert(5))',
    ].join('\n')
    const post = await createPost({ title: 'A hostile post', body: hostile })
    expect((await admin.client.post(`/api/admin/blog/${post.id}/publish`)).status).toBe(200)
    const { html } = blogPostSchema.parse((await visitor.get(`/api/blog/${post.id}`)).json)
    const preview = await admin.client.post('/api/admin/blog/preview', { body: hostile })
    expect(preview.json).toEqual({ html })
    expect(html).not.toMatch(/<script|<img[^>]*onerror|<a[^>]*href="javascript|src="javascript/i)
    // what the admin typed as HTML is shown as text, not run
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('click me')
  })
})
