import type Router from '@koa/router'
import type { AppState } from '../../http/context'
import { adminBlogRoutes, blogRoutes } from './blog.routes'
import { BlogService } from './blog.service'

export interface BlogModule {
  blog: BlogService
  routers: { blog: Router<AppState>; admin: Router<AppState> }
}

export function createBlogModule(): BlogModule {
  const blog = new BlogService()
  return { blog, routers: { blog: blogRoutes({ blog }), admin: adminBlogRoutes({ blog }) } }
}
