import ts from 'typescript'
import type { Plugin } from 'vite'

/**
 * What the browser's build keeps of the endpoint table (src/shared/api/endpoints): each endpoint's method, path, shared
 * pattern and `auth`, which is all `api()` reads. The schemas, summaries and the rest are for the server and the OpenAPI
 * document; left in, every table a page calls would bring every schema it names into that page's scripts (the home
 * page's grew by a twentieth). The types still come from the whole declaration, as the type checker reads the source.
 */
const SERVER_ONLY = new Set(['params', 'query', 'body', 'response', 'summary', 'errors', 'pageHeader', 'idempotent'])

const TABLE_FILE = /[\\/]src[\\/]shared[\\/]api[\\/]endpoints[\\/][^\\/]+\.ts$/

export function endpointRoutesOnly(): Plugin {
  return {
    name: 'handover:endpoint-routes-only',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id
      if (!TABLE_FILE.test(file) || file.endsWith('.test.ts')) return null
      return { code: routesOnly(code, file), map: null }
    },
  }
}

/** The table's source without the server-only fields, and without the imports nothing left uses. */
export function routesOnly(code: string, fileName = 'endpoints.ts'): string {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const strip: ts.TransformerFactory<ts.SourceFile> = (context) => {
    const visit = (node: ts.Node): ts.Node | undefined => {
      if (
        (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) &&
        ts.isIdentifier(node.name) &&
        SERVER_ONLY.has(node.name.text)
      ) {
        return undefined
      }
      return ts.visitEachChild(node, visit, context)
    }
    return (file) => ts.visitNode(file, visit) as ts.SourceFile
  }
  const stripped = ts.transform(source, [strip]).transformed[0]!
  const printer = ts.createPrinter()
  const body = stripped.statements.filter((statement) => !ts.isImportDeclaration(statement))
  const used = body.map((statement) => printer.printNode(ts.EmitHint.Unspecified, statement, stripped)).join('\n')
  const mentioned = (name: string) => new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(used)
  const imports = stripped.statements.filter(ts.isImportDeclaration).flatMap((declaration) => {
    const bindings = declaration.importClause?.namedBindings
    if (!bindings || !ts.isNamedImports(bindings) || declaration.importClause?.name) return [declaration]
    const kept = bindings.elements.filter((element) => !element.isTypeOnly && mentioned(element.name.text))
    if (kept.length === 0) return []
    const clause = ts.factory.updateImportClause(
      declaration.importClause,
      declaration.importClause.isTypeOnly,
      undefined,
      ts.factory.updateNamedImports(bindings, kept),
    )
    return [ts.factory.updateImportDeclaration(declaration, declaration.modifiers, clause, declaration.moduleSpecifier, declaration.attributes)]
  })
  return [...imports, ...body].map((statement) => printer.printNode(ts.EmitHint.Unspecified, statement, stripped)).join('\n') + '\n'
}
