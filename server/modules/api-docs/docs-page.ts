import type { JsonSchema, OpenApiDocument, OpenApiOperation } from './openapi.document'

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const PAD = '  '

function constraints(schema: JsonSchema): string {
  const notes: string[] = []
  const pairs: [string, string][] = [
    ['minLength', 'min length'],
    ['maxLength', 'max length'],
    ['minimum', '≥'],
    ['maximum', '≤'],
    ['exclusiveMinimum', '>'],
    ['exclusiveMaximum', '<'],
    ['minItems', 'min items'],
    ['maxItems', 'max items'],
    ['pattern', 'pattern'],
    ['format', 'format'],
    ['default', 'default'],
  ]
  for (const [key, label] of pairs) if (schema[key] !== undefined) notes.push(`${label} ${JSON.stringify(schema[key])}`)
  if (typeof schema.description === 'string') notes.push(schema.description)
  return notes.length ? `  — ${notes.join(', ')}` : ''
}

/** A JSON schema as a short, TypeScript-like outline: what a reader needs, not every keyword. */
export function schemaOutline(schema: JsonSchema | undefined, depth = 0): string {
  if (!schema || Object.keys(schema).length === 0) return 'any'
  if (depth > 6) return '…'
  const indent = PAD.repeat(depth)
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ')
  if (schema.const !== undefined) return JSON.stringify(schema.const)
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const parts = schema[key]
    if (Array.isArray(parts)) return parts.map((part) => schemaOutline(part as JsonSchema, depth)).join(key === 'allOf' ? ' & ' : ' | ')
  }
  const type = schema.type
  if (Array.isArray(type)) return type.join(' | ')
  if (type === 'array') return `${schemaOutline(schema.items as JsonSchema, depth)}[]`
  if (type === 'object' || schema.properties) {
    const properties = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)
    const required = new Set((schema.required ?? []) as string[])
    const extra = schema.additionalProperties
    const lines = properties.map(
      ([name, property]) => `${indent}${PAD}${name}${required.has(name) ? '' : '?'}: ${schemaOutline(property, depth + 1)}${constraints(property)}`,
    )
    if (extra && typeof extra === 'object' && Object.keys(extra).length)
      lines.push(`${indent}${PAD}[key: string]: ${schemaOutline(extra as JsonSchema, depth + 1)}`)
    return lines.length ? `{\n${lines.join('\n')}\n${indent}}` : extra === false ? '{}' : 'object'
  }
  return typeof type === 'string' ? type : 'any'
}

function parametersTable(operation: OpenApiOperation): string {
  if (!operation.parameters?.length) return ''
  const rows = operation.parameters
    .map(
      (p) =>
        `<tr><td><code>${escape(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'required' : ''}</td><td><code>${escape(schemaOutline(p.schema))}</code>${escape(
          constraints({ ...p.schema, ...(p.description ? { description: p.description } : {}) }),
        )}</td></tr>`,
    )
    .join('')
  return `<h4>Parameters</h4><table><thead><tr><th>name</th><th>in</th><th></th><th>schema</th></tr></thead><tbody>${rows}</tbody></table>`
}

function bodySection(operation: OpenApiOperation): string {
  const content = operation.requestBody?.content
  if (!content) return ''
  return Object.entries(content)
    .map(([type, { schema }]) => `<h4>Body <small>${escape(type)}</small></h4><pre>${escape(schemaOutline(schema))}</pre>`)
    .join('')
}

function responsesSection(operation: OpenApiOperation, errors: Record<string, { description?: string }>): string {
  const items = Object.entries(operation.responses).map(([status, response]) => {
    const ref = (response as { $ref?: string }).$ref
    if (ref) return `<li><b>${status}</b> ${escape(errors[ref.split('/').pop() ?? '']?.description ?? 'error')}</li>`
    const body = Object.entries(response.content ?? {})
      .map(([type, { schema }]) => `<small>${escape(type)}</small><pre>${escape(schemaOutline(schema))}</pre>`)
      .join('')
    const headers = Object.keys(response.headers ?? {})
      .map((h) => ` <small>header ${escape(h)}</small>`)
      .join('')
    return `<li><b>${status}</b> ${escape(response.description)} ${headers}${body}</li>`
  })
  return `<h4>Responses</h4><ul>${items.join('')}</ul>`
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:1rem 1.5rem;color:#111;background:#fff}
h1{margin-bottom:.2rem}h2{margin-top:2rem;border-bottom:1px solid #ccc;text-transform:capitalize}
details{border:1px solid #ddd;border-radius:6px;margin:.4rem 0;padding:.3rem .6rem}summary{cursor:pointer}
.m{display:inline-block;min-width:4.2rem;font:bold 12px monospace;text-align:center;border-radius:4px;padding:2px 4px;color:#fff;background:#555}
.GET{background:#1b6ac9}.POST{background:#1d7f3a}.PUT{background:#8a5a00}.PATCH{background:#6b3fa0}.DELETE{background:#b3261e}
.a{font-size:12px;border:1px solid #999;border-radius:10px;padding:0 6px;margin-left:.4rem}
pre{background:#f5f5f5;padding:.5rem;overflow:auto;font-size:13px}table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:2px 6px;text-align:left;vertical-align:top}
@media (prefers-color-scheme:dark){body{background:#121212;color:#eee}pre{background:#1e1e1e}details,td,th{border-color:#444}}`

/** /api/docs: the document as one self-contained page (no script, no outside resource), grouped by tag. */
export function renderDocsPage(document: OpenApiDocument): string {
  const errors = (document.components.responses ?? {}) as Record<string, { description?: string }>
  const byTag = new Map<string, string[]>()
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const verb = method.toUpperCase()
      const html = `<details id="${escape(operation.operationId)}"><summary><span class="m ${verb}">${verb}</span> <code>${escape(path)}</code><span class="a">${escape(
        operation['x-auth'],
      )}</span> — ${escape(operation.summary)}</summary>${parametersTable(operation)}${bodySection(operation)}${responsesSection(operation, errors)}</details>`
      const tag = operation.tags[0] ?? 'other'
      byTag.set(tag, [...(byTag.get(tag) ?? []), html])
    }
  }
  const anchor = (tag: string) => `tag-${escape(tag.replace(/\s+/g, '-'))}`
  const sections = [...byTag].map(([tag, operations]) => `<section><h2 id="${anchor(tag)}">${escape(tag)}</h2>${operations.join('')}</section>`)
  const contents = [...byTag].map(([tag, operations]) => `<a href="#${anchor(tag)}">${escape(tag)}</a> (${operations.length})`).join(' · ')
  const intro = document.info.description
    .split('\n\n')
    .map((p) => `<p>${escape(p).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>`)
    .join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escape(document.info.title)} ${escape(document.info.version)}</title><style>${STYLE}</style></head>
<body><header><h1>${escape(document.info.title)}</h1><p>Version ${escape(document.info.version)} · OpenAPI ${document.openapi} · <a href="/api/openapi.json">openapi.json</a></p></header>
<nav aria-label="Modules">${contents}</nav><main>${intro}${sections.join('')}</main></body></html>`
}
