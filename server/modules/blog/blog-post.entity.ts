import { EntitySchema, OptionalProps } from '@mikro-orm/core'
import { User } from '../users/user.entity'

/** A blog post: the admin's Markdown, its sanitised HTML, and when it was published (null: a draft). */
export class BlogPost {
  [OptionalProps]?: 'publishedAt' | 'createdAt' | 'updatedAt'
  id!: number
  author!: User
  title!: string
  excerpt!: string
  body!: string
  bodyHtml!: string
  publishedAt: Date | null = null
  createdAt: Date = new Date()
  updatedAt: Date = new Date()
}

export const BlogPostSchema = new EntitySchema<BlogPost>({
  class: BlogPost,
  tableName: 'blog_posts',
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    author: { kind: 'm:1', entity: () => User },
    title: { type: 'string', length: 160 },
    excerpt: { type: 'string', length: 300 },
    body: { type: 'text' },
    bodyHtml: { type: 'text' },
    publishedAt: { type: 'datetime', length: 3, nullable: true },
    createdAt: { type: 'datetime', length: 3, defaultRaw: 'now()' },
    updatedAt: { type: 'datetime', length: 3, defaultRaw: 'now()' },
  },
})
