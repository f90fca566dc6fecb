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
      afterCreate: (connection: { query: (sql: string, done: (err?: Error) => void) => void }, done: (err: Error | undefined, connection: unknown) => void) => {
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

/** The same number in every instance: one database's migrations run one instance at a time. */
const MIGRATIONS_LOCK = 0x6d696772

interface RawConnection {
  query(sql: string, values: unknown[]): Promise<unknown>
}

export interface OpenOptions {
  /**
   * No other process can open this database (the embedded one, behind its lock file): migrations need no lock of
   * their own, and a pool of one connection can run them.
   */
  soleProcess?: boolean
}

/**
 * Connects and applies every checked-in migration that has not run yet. Instances started at once on one database
 * take turns under a session advisory lock, held on a connection of its own: the first migrates, the others then
 * find nothing left to do (without it, both create the migrations table and one fails).
 */
export async function openDatabase(databaseUrl: string, poolMax?: number, log?: (message: string) => void, options: OpenOptions = {}): Promise<Orm> {
  if (!options.soleProcess && poolMax !== undefined && poolMax < 2) {
    throw new Error('openDatabase needs a pool of at least 2 connections: one holds the migrations lock while another migrates')
  }
  const orm = await MikroORM.init(ormOptions(databaseUrl, poolMax, log))
  if (options.soleProcess) {
    await orm.getMigrator().up()
    return orm
  }
  const { client } = orm.em.getConnection().getKnex()
  const connection = (await client.acquireConnection()) as RawConnection
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATIONS_LOCK])
    try {
      await orm.getMigrator().up()
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATIONS_LOCK])
    }
  } finally {
    await client.releaseConnection(connection)
  }
  return orm
}
