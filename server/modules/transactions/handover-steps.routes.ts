import Router from '@koa/router'
import { LIVE_PLATFORMS } from '@shared/constants'
import { transactionEndpoints } from '@shared/api/endpoints/transactions'
import { requireAdmin } from '../../http/access'
import type { AppState } from '../../http/context'
import { mount } from '../../http/mount'
import { notFound } from '../../http/errors'
import { bodyOf } from '../../http/validation'
import { recordAudit } from '../audit/audit.service'
import { HandoverStep } from './transactions.entities'

const isPlatform = (value: string): value is (typeof LIVE_PLATFORMS)[number] => (LIVE_PLATFORMS as readonly string[]).includes(value)

/**
 * The handover checklist's steps per platform are data that admins edit (a running deal keeps its own copy).
 * A platform's list is replaced as a whole, in one transaction, so positions never clash.
 */
export function handoverStepRoutes(): Router<AppState> {
  const router = new Router<AppState>()
  const on = transactionEndpoints

  router.use('/api/admin/handover-steps', async (ctx, next) => {
    await requireAdmin(ctx)
    return next()
  })

  mount(router, on.getAdminHandoverSteps, async (ctx) => {
    const steps = await ctx.state.em.find(HandoverStep, {}, { orderBy: [{ platform: 'asc' }, { position: 'asc' }] })
    const byPlatform = Object.fromEntries(LIVE_PLATFORMS.map((p) => [p, [] as { position: number; title: string; description: string }[]]))
    for (const step of steps) byPlatform[step.platform]?.push({ position: step.position, title: step.title, description: step.description })
    ctx.body = byPlatform
  })

  mount(router, on.putAdminHandoverStepsByPlatform, async (ctx) => {
    const platform = ctx.params.platform ?? ''
    if (!isPlatform(platform)) throw notFound('No such platform')
    const admin = await requireAdmin(ctx)
    const { steps } = bodyOf(ctx, on.putAdminHandoverStepsByPlatform)
    await ctx.state.em.transactional(async (tx) => {
      // saves of one platform's list take turns, so each replaces the whole list and its audit entry's "before" is
      // what it replaced (without it, two at once collided on the positions: a 500)
      await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [`handover_steps:${platform}`])
      const before = await tx.find(HandoverStep, { platform }, { orderBy: { position: 'asc' } })
      recordAudit(tx, {
        adminId: admin.id,
        action: 'handover_steps.update',
        targetType: 'handover_steps',
        targetId: platform,
        before: { steps: before.map((step) => ({ title: step.title, description: step.description })) },
        after: { steps },
      })
      await tx.nativeDelete(HandoverStep, { platform })
      steps.forEach((step, i) =>
        tx.create(HandoverStep, { platform, position: i + 1, title: step.title, description: step.description, updatedAt: new Date() }),
      )
    })
    ctx.body = { platform, steps: steps.map((step, i) => ({ position: i + 1, ...step })) }
  })

  return router
}
