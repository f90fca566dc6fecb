// @koa/multer ships without types: it wraps multer's middlewares for Koa and copies the parsed file
// to ctx.file (and ctx.request.file).
declare module '@koa/multer' {
  import type { Middleware } from 'koa'
  import type { Options, StorageEngine } from 'multer'

  interface KoaMulterInstance {
    single(fieldName: string): Middleware
    none(): Middleware
  }

  interface KoaMulter {
    (options?: Options): KoaMulterInstance
    memoryStorage(): StorageEngine
  }

  const multer: KoaMulter
  export default multer
}
