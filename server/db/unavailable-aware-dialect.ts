import type {
  AbortableOperationOptions,
  CompiledQuery,
  ControlConnectionProvider,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryCompiler,
  TransactionSettings,
} from 'kysely'
import { markIfUnavailable } from './database-errors.js'

/**
 * Wraps a dialect so that every error meaning 'the database is unreachable' (from taking a
 * connection, a query, a stream or a transaction statement) leaves Kysely marked as a 503
 * (markIfUnavailable). Queries and results pass through unchanged.
 */
export function unavailableAwareDialect(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new UnavailableAwareDriver(dialect.createDriver()),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  }
}

type CompileQuery = QueryCompiler['compileQuery']

async function marked<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    throw markIfUnavailable(error)
  }
}

class UnavailableAwareConnection implements DatabaseConnection {
  // Kysely calls these only for a query given an abort signal; kept when the driver has them.
  readonly cancelQuery?: (provider: ControlConnectionProvider) => Promise<void>
  readonly killSession?: (provider: ControlConnectionProvider) => Promise<void>
  readonly collectSessionInfo?: () => Promise<void>

  constructor(readonly inner: DatabaseConnection) {
    const { cancelQuery, killSession, collectSessionInfo } = inner
    if (cancelQuery) this.cancelQuery = (provider) => marked(cancelQuery.call(inner, provider))
    if (killSession) this.killSession = (provider) => marked(killSession.call(inner, provider))
    if (collectSessionInfo) this.collectSessionInfo = () => marked(collectSessionInfo.call(inner))
  }

  executeQuery<R>(query: CompiledQuery, options?: AbortableOperationOptions) {
    return marked(this.inner.executeQuery<R>(query, options))
  }

  async *streamQuery<R>(
    query: CompiledQuery,
    chunkSize: number,
    options?: AbortableOperationOptions,
  ) {
    try {
      yield* this.inner.streamQuery<R>(query, chunkSize, options)
    } catch (error) {
      throw markIfUnavailable(error)
    }
  }
}

function unwrap(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof UnavailableAwareConnection ? connection.inner : connection
}

class UnavailableAwareDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init(options?: AbortableOperationOptions): Promise<void> {
    return marked(this.inner.init(options))
  }

  async acquireConnection(options?: AbortableOperationOptions): Promise<DatabaseConnection> {
    return new UnavailableAwareConnection(await marked(this.inner.acquireConnection(options)))
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return marked(this.inner.beginTransaction(unwrap(connection), settings))
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return marked(this.inner.commitTransaction(unwrap(connection)))
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return marked(this.inner.rollbackTransaction(unwrap(connection)))
  }

  savepoint(connection: DatabaseConnection, name: string, compile: CompileQuery): Promise<void> {
    return marked(this.required('savepoint').call(this.inner, unwrap(connection), name, compile))
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: CompileQuery,
  ): Promise<void> {
    const rollback = this.required('rollbackToSavepoint')
    return marked(rollback.call(this.inner, unwrap(connection), name, compile))
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: CompileQuery) {
    const release = this.required('releaseSavepoint')
    return marked(release.call(this.inner, unwrap(connection), name, compile))
  }

  releaseConnection(connection: DatabaseConnection, options?: AbortableOperationOptions) {
    return this.inner.releaseConnection(unwrap(connection), options)
  }

  destroy(options?: AbortableOperationOptions): Promise<void> {
    return this.inner.destroy(options)
  }

  private required<K extends 'savepoint' | 'rollbackToSavepoint' | 'releaseSavepoint'>(name: K) {
    const method = this.inner[name]
    if (!method) throw new Error(`The database driver does not support ${name}`)
    return method
  }
}
