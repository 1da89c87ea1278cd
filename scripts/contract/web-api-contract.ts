import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

/**
 * What scripts/contract/web-api-contract.test.ts reads from the sources: the browser's route
 * table (web/src/lib/api-routes.ts), the API paths, calls and answer-shaped types of the web's
 * modules, and the names the web's call modules and the server export. Read as text (parsed by
 * TypeScript, never imported), so the check sees web/ and server/ without either importing the
 * other.
 */

export type Json = Record<string, unknown>

/** A row of ApiRoutes: `GET /api/enrollments/{guid}` → the shared schema it names. */
export interface RouteRow {
  route: string
  method: string
  path: string
  /** The schema's name, the module it is imported from, and whether the answer is a list of it. */
  schema: { name: string; module: string; list: boolean } | null
  line: number
}

export interface RouteTable {
  rows: RouteRow[]
  /** ApiFileRoute's members: routes answered with a file. */
  fileRoutes: string[]
  problems: string[]
}

export interface Source {
  /** Relative to the repository: `web/src/lib/api-client.ts`. */
  file: string
  text: string
}

const ROUTE_KEY = /^(GET|POST|PUT|PATCH|DELETE) (\/api\/\S*)$/

/** A string that names an API path: `/api/…`, `https://host/api/…`, or a route `GET /api/…`. */
const API_PATH = /(^|^[A-Z]+ |^https?:\/\/[^/]*)\/api(\/|\?|$)/

function parse({ file, text }: Source): ts.SourceFile {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind)
}

function lineOf(node: ts.Node, source: ts.SourceFile): number {
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1
}

function propertyName(name: ts.PropertyName | undefined): string | undefined {
  if (!name) return undefined
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) {
    return name.text
  }
  return undefined
}

/** The local names a module imports, and from where. */
function importsOf(source: ts.SourceFile): Map<string, string> {
  const imported = new Map<string, string>()
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier))
      continue
    const from = statement.moduleSpecifier.text
    const clause = statement.importClause
    if (clause?.name) imported.set(clause.name.text, from)
    const bindings = clause?.namedBindings
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) imported.set(element.name.text, from)
    }
    if (bindings && ts.isNamespaceImport(bindings)) imported.set(bindings.name.text, from)
  }
  return imported
}

/**
 * The route table: each member of `interface ApiRoutes` names its answer as `typeof schema` or
 * `z.ZodArray<typeof schema>`, the schema imported from shared/; `type ApiFileRoute` lists the
 * file routes.
 */
export function readRouteTable(table: Source): RouteTable {
  const source = parse(table)
  const imported = importsOf(source)
  const rows: RouteRow[] = []
  const fileRoutes: string[] = []
  const problems: string[] = []
  const schemaOf = (type: ts.TypeNode): RouteRow['schema'] => {
    let list = false
    let named = type
    if (
      ts.isTypeReferenceNode(type) &&
      type.typeName.getText(source) === 'z.ZodArray' &&
      type.typeArguments?.length === 1 &&
      type.typeArguments[0]
    ) {
      list = true
      named = type.typeArguments[0]
    }
    if (!ts.isTypeQueryNode(named) || !ts.isIdentifier(named.exprName)) return null
    const name = named.exprName.text
    const module = imported.get(name)
    return module ? { name, module, list } : null
  }
  for (const statement of source.statements) {
    if (ts.isInterfaceDeclaration(statement) && statement.name.text === 'ApiRoutes') {
      for (const member of statement.members) {
        const line = lineOf(member, source)
        const route = ts.isPropertySignature(member) ? propertyName(member.name) : undefined
        const match = route?.match(ROUTE_KEY)
        if (!route || !match || !ts.isPropertySignature(member) || !member.type) {
          problems.push(
            `${table.file}:${line}: each row of ApiRoutes is 'METHOD /api/path': schema (${member.getText(source)})`,
          )
          continue
        }
        const schema = schemaOf(member.type)
        if (!schema?.module.startsWith('@shared/')) {
          problems.push(
            `${table.file}:${line}: ${route} names its answer as ${member.type.getText(source)}: name a schema of shared/ as \`typeof schema\` or \`z.ZodArray<typeof schema>\`, imported from @shared/…`,
          )
        }
        rows.push({
          route,
          method: match[1] ?? '',
          path: match[2] ?? '',
          schema: schema?.module.startsWith('@shared/') ? schema : null,
          line,
        })
      }
    }
    if (ts.isTypeAliasDeclaration(statement) && statement.name.text === 'ApiFileRoute') {
      const members = ts.isUnionTypeNode(statement.type) ? statement.type.types : [statement.type]
      for (const member of members) {
        if (ts.isLiteralTypeNode(member) && ts.isStringLiteral(member.literal)) {
          fileRoutes.push(member.literal.text)
        } else {
          problems.push(`${table.file}: ApiFileRoute is a union of 'METHOD /api/path' strings`)
        }
      }
    }
  }
  return { rows, fileRoutes, problems }
}

/** The `.ts` and `.tsx` files under a folder, tests and test support left out. */
export function productSources(root: string, folder: string): Source[] {
  const found: Source[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) {
        if (entry.name !== 'test-support' && entry.name !== 'node_modules') walk(path)
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        found.push({ file: relative(root, path), text: readFileSync(path, 'utf8') })
      }
    }
  }
  walk(join(root, folder))
  return found
}

/** Calls a module makes to the API client, by the names it imports from lib/api-client. */
const CALLING = new Set(['call', 'callAnswer', 'callFile', 'apiUrl'])

function isClientModule(specifier: string): boolean {
  return /(^|\/)lib\/api-(client|files)$/.test(specifier)
}

/**
 * The web's own rules: an API path is named only in the route table and a call only through the
 * client (no `fetch` elsewhere, no `/api/` string), and each route is called from one module
 * (its one method); a row no module calls is left over.
 */
export function checkWebCalls(
  sources: readonly Source[],
  table: { file: string; routes: readonly string[] },
  clients: readonly string[],
): string[] {
  const through = clients.join(' and ')
  const problems: string[] = []
  const known = new Set(table.routes)
  const callers = new Map<string, Set<string>>()
  for (const input of sources) {
    if (input.file === table.file) continue
    const source = parse(input)
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return
      if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node)) {
        const text = node.text
        if (known.has(text)) {
          callers.set(text, (callers.get(text) ?? new Set()).add(input.file))
        } else if (API_PATH.test(text)) {
          problems.push(
            `${input.file}:${lineOf(node, source)}: names an API path (${JSON.stringify(text)}): add its route to ${table.file} and call it through ${through}`,
          )
        }
      }
      if (
        !clients.includes(input.file) &&
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'fetch'
      ) {
        problems.push(
          `${input.file}:${lineOf(node, source)}: calls fetch: the API is called through ${through} only`,
        )
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  for (const route of table.routes) {
    const modules = [...(callers.get(route) ?? [])]
    if (modules.length > 1) {
      problems.push(
        `${route} is called from ${modules.join(' and ')}: one method per route, in one call module; the others call that method`,
      )
    }
    if (modules.length === 0) {
      problems.push(`${table.file}: ${route}: no web module calls it; remove the row`)
    }
  }
  return problems
}

/** The names a module declares and exports itself (re-exports of what it imports left out). */
export function exportedNames(input: Source): string[] {
  const source = parse(input)
  const imported = importsOf(source)
  const names: string[] = []
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) &&
    (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
  for (const statement of source.statements) {
    if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name &&
      exported(statement)
    ) {
      names.push(statement.name.text)
    }
    if (ts.isVariableStatement(statement) && exported(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text)
      }
    }
    if (
      ts.isExportDeclaration(statement) &&
      !statement.moduleSpecifier &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      for (const element of statement.exportClause.elements) {
        const local = (element.propertyName ?? element.name).text
        if (!imported.has(local)) names.push(element.name.text)
      }
    }
  }
  return names
}

/** Whether a web module calls the API: it imports call, callAnswer, callFile or apiUrl from the client. */
export function callsTheApi(input: Source): boolean {
  const source = parse(input)
  return source.statements.some(
    (statement) =>
      ts.isImportDeclaration(statement) &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      isClientModule(statement.moduleSpecifier.text) &&
      !statement.importClause?.isTypeOnly &&
      statement.importClause?.namedBindings !== undefined &&
      ts.isNamedImports(statement.importClause.namedBindings) &&
      statement.importClause.namedBindings.elements.some(
        (element) =>
          !element.isTypeOnly && CALLING.has((element.propertyName ?? element.name).text),
      ),
  )
}

/**
 * No name means a web call in one folder and a server operation in another: a name a web call
 * module exports that a server module exports too.
 */
export function sharedNames(web: readonly Source[], server: readonly Source[]): string[] {
  const serverNames = new Map<string, string>()
  for (const input of server) {
    for (const name of exportedNames(input)) {
      if (!serverNames.has(name)) serverNames.set(name, input.file)
    }
  }
  const problems: string[] = []
  for (const input of web) {
    if (!callsTheApi(input)) continue
    for (const name of exportedNames(input)) {
      const other = serverNames.get(name)
      if (other) {
        problems.push(
          `${input.file} exports ${name}, and so does ${other}: a web call and a server operation share a name; name the web one after its route (get…, post…, put…)`,
        )
      }
    }
  }
  return problems
}

/**
 * Object types the web writes by hand that repeat an answer: an interface or a type literal with
 * every field of an answer (two or more), or four fields or more each of them a field of one
 * answer; or a declaration named as an answer of the document is. A view of an answer is derived
 * from the shared type (Pick, Omit) instead.
 */
export function handWrittenAnswers(
  sources: readonly Source[],
  answers: ReadonlyMap<string, ReadonlySet<string>>,
): string[] {
  const problems: string[] = []
  for (const input of sources) {
    const source = parse(input)
    const visit = (node: ts.Node) => {
      const declared =
        ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) ? node.name.text : null
      if (declared && answers.has(declared)) {
        problems.push(
          `${input.file}:${lineOf(node, source)}: declares ${declared}, the name of an answer of /api/openapi.json: import the shared type`,
        )
      }
      if (ts.isInterfaceDeclaration(node) || ts.isTypeLiteralNode(node)) {
        const fields = node.members.map((member) => propertyName(member.name))
        const named = fields.filter((field): field is string => field !== undefined)
        if (named.length >= 2 && named.length === fields.length) {
          for (const [answer, answerFields] of answers) {
            const whole = named.length === answerFields.size
            if ((whole || named.length >= 4) && named.every((field) => answerFields.has(field))) {
              const what = ts.isInterfaceDeclaration(node) ? node.name.text : 'a type literal'
              problems.push(
                `${input.file}:${lineOf(node, source)}: ${what} writes fields of the answer ${answer} by hand (${named.join(', ')}): use the shared type, or Pick/Omit of it`,
              )
              break
            }
          }
        }
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return problems
}

/** A JSON schema with every `$ref` to the document's components replaced by the component. */
export function inlined(schema: unknown, components: Json, seen: readonly string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlined(item, components, seen))
  if (typeof schema !== 'object' || schema === null) return schema
  const ref = (schema as Json).$ref
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
    const name = ref.slice('#/components/schemas/'.length)
    if (seen.includes(name)) return { $recursive: name }
    return inlined(components[name], components, [...seen, name])
  }
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, inlined(value, components, seen)]),
  )
}

/** Where two JSON values first differ, in words; undefined when they are equal. */
export function firstDifference(a: unknown, b: unknown, at = ''): string | undefined {
  if (Object.is(a, b)) return undefined
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return `${at || '(the answer)'}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  for (const key of [...keys].sort()) {
    const difference = firstDifference(
      (a as Json)[key],
      (b as Json)[key],
      at ? `${at}.${key}` : key,
    )
    if (difference) return difference
  }
  return undefined
}
