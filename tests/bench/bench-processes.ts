/**
 * What the benches that start several server processes share: undo steps that also run on Ctrl-C, and the Redis
 * the instances' event bus needs.
 */
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { spawnServer, type ServerProcess } from '../support/server-process'
import { redisAnswers } from '../support/throwaway-services'

export const BENCH_REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'

export type CleanupStack = ReturnType<typeof cleanupStack>

/** Undo steps, last first; run at the end, on failure, and on Ctrl-C. */
export function cleanupStack() {
  const steps: (() => Promise<void>)[] = []
  let running: Promise<void> | undefined
  const run = () =>
    (running ??= (async () => {
      for (const step of steps.reverse()) await step().catch((err: unknown) => console.error('cleanup step failed:', err))
    })())
  const interrupt = () => void run().finally(() => process.exit(130))
  process.once('SIGINT', interrupt)
  return {
    add: (step: () => Promise<void>) => void steps.push(step),
    async run() {
      process.off('SIGINT', interrupt)
      await run()
    },
  }
}

/** Whatever the run left under its prefix (rate-limit counters expire on their own, but not at once). */
export async function dropRedisKeys(url: string, prefix: string) {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 })
  try {
    for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 500 })) {
      if ((keys as string[]).length > 0) await redis.del(...(keys as string[]))
    }
  } finally {
    redis.disconnect()
  }
}

/**
 * Instances of one deployment on one database, sharing Redis (the event bus) under a prefix of their own; stopped,
 * and the prefix's keys dropped, by the cleanup stack. Null when Redis does not answer.
 */
export async function spawnInstances(
  count: number,
  options: { databaseUrl: string; sessionSecret: string; env?: Record<string, string> },
  cleanup: CleanupStack,
): Promise<ServerProcess[] | null> {
  if (!(await redisAnswers(BENCH_REDIS_URL))) return null
  const redisPrefix = `bench-${randomBytes(4).toString('hex')}`
  cleanup.add(() => dropRedisKeys(BENCH_REDIS_URL, redisPrefix))
  const instances: ServerProcess[] = []
  for (let i = 0; i < count; i++) {
    const instance = await spawnServer({ ...options, redisUrl: BENCH_REDIS_URL, redisPrefix })
    cleanup.add(() => instance.stop())
    instances.push(instance)
  }
  return instances
}
