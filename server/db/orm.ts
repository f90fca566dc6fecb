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

/** Connects and applies every checked-in migration that has not run yet. */
export async function openDatabase(databaseUrl: string, poolMax?: number, log?: (message: string) => void): Promise<Orm> {
  const orm = await MikroORM.init(ormOptions(databaseUrl, poolMax, log))
  await orm.getMigrator().up()
  return orm
}
