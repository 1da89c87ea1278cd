import {
  CompiledQuery,
  createQueryId,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  sql,
  type UnknownRow,
} from 'kysely'
import type { Database } from '../../server/db/schema.js'

/** Remembers the operation tree of every query run through it. */
class CaptureQueries implements KyselyPlugin {
  readonly nodes: RootOperationNode[] = []
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.nodes.push(args.node)
    return args.node
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result
  }
}

export interface QueryPlan {
  /** EXPLAIN ANALYZE of the query as the repository runs it. */
  plan: string
  /** Milliseconds, as EXPLAIN ANALYZE measured them. */
  ms: number
  /** The same query with index scans switched off: what it costs without the indexes. */
  withoutIndexMs: number
  indexes: string[]
  /** Relations read sequentially, with their alias: 'enrollments e'. */
  seqScans: string[]
}

/**
 * Runs `use` once to capture the SQL it sends (the repository's own, parameters included),
 * then explains each statement, with the planner free and with index scans switched off.
 */
export async function explainRepositoryCall(
  db: Kysely<Database>,
  use: (db: Kysely<Database>) => Promise<unknown>,
): Promise<QueryPlan[]> {
  const capture = new CaptureQueries()
  const traced = db.withPlugin(capture)
  await use(traced)
  const plans: QueryPlan[] = []
  for (const node of capture.nodes) {
    const query = traced.getExecutor().compileQuery(node, createQueryId())
    const plan = await fastest(() => explain(db, query, false))
    const withoutIndex = await fastest(() => explain(db, query, true))
    plans.push({
      plan: plan.text,
      ms: plan.ms,
      withoutIndexMs: withoutIndex.ms,
      indexes: [...plan.text.matchAll(/Index (?:Only )?Scan (?:using |on )(\w+)/g)].map(
        (match) => match[1] ?? '',
      ),
      seqScans: [...plan.text.matchAll(/Seq Scan on (\w+(?: \w+)?)/g)].map(
        (match) => match[1] ?? '',
      ),
    })
  }
  return plans
}

/** The fastest of three runs: the first one also fills the caches. */
async function fastest(run: () => Promise<{ text: string; ms: number }>) {
  let best = await run()
  for (let attempt = 1; attempt < 3; attempt++) {
    const next = await run()
    if (next.ms < best.ms) best = next
  }
  return best
}

async function explain(
  db: Kysely<Database>,
  query: CompiledQuery,
  noIndexes: boolean,
): Promise<{ text: string; ms: number }> {
  return db.transaction().execute(async (trx) => {
    if (noIndexes) {
      await sql`set local enable_indexscan = off`.execute(trx)
      await sql`set local enable_bitmapscan = off`.execute(trx)
      await sql`set local enable_indexonlyscan = off`.execute(trx)
    }
    const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain (analyze, costs off) ${query.sql}`, [...query.parameters]),
    )
    const text = result.rows.map((row) => row['QUERY PLAN']).join('\n')
    const ms = Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? Number.NaN)
    return { text, ms }
  })
}
