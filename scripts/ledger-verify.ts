/**
 * `npm run ledger:verify`: checks the ledger's invariants on any database (DATABASE_URL, or the embedded one in
 * DATA_DIR) and exits 1 when one fails.
 */
import { loadConfig } from '../server/config'
import { EMBEDDED_POOL_SIZE, EmbeddedDatabaseInUse, startEmbeddedDatabase } from '../server/db/embedded'
import { MikroORM } from '@mikro-orm/postgresql'
import { ormOptions } from '../server/db/orm'
import { verifyLedger } from '../server/modules/ledger/ledger-verify'

const config = loadConfig(process.env)
const embedded = config.databaseUrl
  ? null
  : await startEmbeddedDatabase(config.dataDir).catch((err: unknown) => {
      // the server has it open: it must stop first (two processes on one folder would corrupt it)
      if (!(err instanceof EmbeddedDatabaseInUse)) throw err
      console.error(err.message)
      process.exit(1)
    })
// read only: no migrations, nothing written
const orm = await MikroORM.init(embedded ? ormOptions(embedded.url, EMBEDDED_POOL_SIZE) : ormOptions(config.databaseUrl ?? ''))
let failed = 0
try {
  for (const check of await verifyLedger(orm.em.fork())) {
    console.log(`${check.problems.length === 0 ? 'ok  ' : 'FAIL'}  ${check.name}`)
    for (const problem of check.problems) console.log(`        ${problem}`)
    if (check.problems.length > 0) failed++
  }
} finally {
  await orm.close()
  await embedded?.stop()
}
console.log(failed === 0 ? '\nThe ledger is sound.' : `\n${failed} check(s) failed.`)
process.exit(failed === 0 ? 0 : 1)
