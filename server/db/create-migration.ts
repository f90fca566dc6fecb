/**
 * `npm run migration:create -- <name>`: a new, empty migration in server/db/migrations, appended to the
 * hand-kept list in index.ts. Migrations are written by hand (SQL in `up()`); the schema is never diffed.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const DIR = join(import.meta.dirname, 'migrations')

/** "listing reviews" → { file: "20261123-listing-reviews", className: "Migration20261123ListingReviews" } */
export function migrationNames(name: string, today: Date): { file: string; className: string } {
  const words = name
    .trim()
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
  if (words.length === 0) throw new Error('Name the migration, e.g. `npm run migration:create -- listing reviews`')
  const day = today.toISOString().slice(0, 10).replace(/-/g, '')
  const pascal = words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('')
  return { file: `${day}-${words.join('-')}`, className: `Migration${day}${pascal}` }
}

function main() {
  const { file, className } = migrationNames(process.argv.slice(2).join(' '), new Date())
  const path = join(DIR, `${file}.ts`)
  if (existsSync(path)) throw new Error(`${path} exists already`)
  writeFileSync(
    path,
    `import { Migration } from '@mikro-orm/migrations'\n\nexport class ${className} extends Migration {\n  override async up(): Promise<void> {\n    this.addSql(\`\`)\n  }\n}\n`,
  )
  const index = join(DIR, 'index.ts')
  const source = readFileSync(index, 'utf8')
  const withImport = source.replace(/(import [^\n]+\n)(?![\s\S]*\nimport )/, `$1import { ${className} } from './${file}'\n`)
  const withEntry = withImport.replace(/\n\]\s*$/, `\n  { name: '${className}', class: ${className} },\n]\n`)
  if (withEntry === source || !withEntry.includes(`class: ${className}`)) throw new Error('could not append to migrations/index.ts')
  writeFileSync(index, withEntry)
  console.log(`created server/db/migrations/${file}.ts (${className}) and listed it in index.ts`)
}

if (process.argv[1] && import.meta.filename === process.argv[1]) main()
