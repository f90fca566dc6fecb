import { MikroORM, type Options } from '@mikro-orm/postgresql'
import { Migrator } from '@mikro-orm/migrations'
import { entities } from './entities'
import { migrationsList } from './migrations'

export type Orm = MikroORM

export const POOL_ACQUIRE_TIMEOUT_MS = 10_000

export function ormOptions(databaseUrl: string, poolMax = 10, log: (message: string) => void = () => {}): Options {
  return {
    logger: log,
    clientUrl: databaseUrl,
    entities,
    extensions: [Migrator],
    discovery: { warnWhenNoEntities: true },
    pool: {
      min: 0,
      max: poolMax,
      // with the database away a request waits at most this long for a connection, then answers 503 (not the 60 s default)
      acquireTimeoutMillis: POOL_ACQUIRE_TIMEOUT_MS,
      // JIT compiling costs tens of milliseconds per query, more than any catalogue query takes to run; the
      // planner switches it on for queries it overestimates (a count per changed bucket, say)
      afterCreate: (
        connection: { query: (sql: string, done: (err?: Error) => void) => void },
        done: (err: Error | undefined, connection: unknown) => void,
      ) => {
        connection.query('set jit = off', (err) => done(err, connection))
      },
    },
    migrations: {
      migrationsList,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      emit: 'ts',
      path: 'server/db/migrations',
      pathTs: 'server/db/migrations',
      snapshot: false,
    },
    // knex reports a pooled connection the database dropped (a restart) on the console; it belongs in the log
    driverOptions: { log: { warn: log, error: log, deprecate: log, debug: log } },
    // forked EntityManagers only: no request may share another's identity map
    allowGlobalContext: false,
    debug: false,
  }
}

/** The same number in every instance: one database's start-up work (migrations, then the admin and demo data) runs one instance at a time. */
const STARTUP_LOCK = 0x6d696772

interface RawConnection {
  query(sql: string, values: unknown[]): Promise<unknown>
}

export interface OpenOptions {
  /**
   * No other process can open this database (the embedded one, behind its lock file): start-up work needs no lock of
   * its own, and a pool of one connection can run it.
   */
  soleProcess?: boolean
}

/**
 * Runs `work` under a session advisory lock held on a connection of its own, so instances started at once on one
 * database take turns: the first does it, the others then find it done (without it, both create the migrations table,
 * or both insert the demo accounts, and one stops at boot).
 */
export async function underStartupLock<T>(orm: Orm, work: () => Promise<T>, options: OpenOptions = {}): Promise<T> {
  if (options.soleProcess) return work()
  const { client } = orm.em.getConnection().getKnex()
  const connection = (await client.acquireConnection()) as RawConnection
  try {
    await connection.query('select pg_advisory_lock($1)', [STARTUP_LOCK])
    try {
      return await work()
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [STARTUP_LOCK])
    }
  } finally {
    await client.releaseConnection(connection)
  }
}

/** Connects and applies every checked-in migration that has not run yet, under the start-up lock. */
export async function openDatabase(databaseUrl: string, poolMax?: number, log?: (message: string) => void, options: OpenOptions = {}): Promise<Orm> {
  if (!options.soleProcess && poolMax !== undefined && poolMax < 2) {
    throw new Error('openDatabase needs a pool of at least 2 connections: one holds the migrations lock while another migrates')
  }
  const orm = await MikroORM.init(ormOptions(databaseUrl, poolMax, log))
  await underStartupLock(orm, () => orm.getMigrator().up(), options)
  return orm
}
