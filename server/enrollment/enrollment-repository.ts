import { type Insertable, type Kysely, sql } from 'kysely'
import type { EnrollmentScope } from '../../shared/auth/staff-role.js'
import type { EnrollmentStatus, EnrollmentType } from '../../shared/domain/enrollment-choices.js'
import { bacKey } from '../../shared/enrollment/bac-key.js'
import type { DealerEntry, LmaRecord } from '../../shared/enrollment/enrollment.js'
import { lmaNameKey } from '../../shared/enrollment/lma-name-key.js'
import { enrollmentScopeSql } from '../db/enrollment-scope-sql.js'
import type { Database, EnrollmentDealerTable, EnrollmentTable } from '../db/schema.js'
import { type StoredEnrollment, toDealerRow, toStoredEnrollment } from './enrollment-mapping.js'

export interface NewEnrollment {
  guid: string
  year: number
  brand: string
  type: EnrollmentType
  status: EnrollmentStatus
  regionId: number | null
  lma: LmaRecord | null
  dealers: DealerEntry[]
  /** A copy of demo data stays demo data: it never sends mail. */
  demo?: boolean
}

export interface EnrollmentContent {
  regionId: number | null
  lma: LmaRecord | null
  dealers: DealerEntry[]
}

/** SQL for enrollments and their dealer rows; callers pass the transaction to run in. */
export function createEnrollmentRepository(db: Kysely<Database>) {
  async function findByGuid(
    guid: string,
    executor: Kysely<Database> = db,
  ): Promise<StoredEnrollment | undefined> {
    const row = await executor
      .selectFrom('enrollments')
      .selectAll()
      .where('guid', '=', guid)
      .executeTakeFirst()
    if (!row) return undefined
    const dealers = await executor
      .selectFrom('enrollment_dealers')
      .selectAll()
      .where('enrollment_id', '=', row.id)
      .orderBy('position')
      .execute()
    return toStoredEnrollment(row, dealers)
  }

  /** Inserts an enrollment's dealer rows and answers them as written, in their order. */
  async function insertDealers(
    executor: Kysely<Database>,
    enrollment: { id: string; brand: string; year: number },
    dealers: DealerEntry[],
  ) {
    if (dealers.length === 0) return []
    const rows = await executor
      .insertInto('enrollment_dealers')
      .values(dealers.map((entry, position) => toDealerRow(enrollment, entry, position)))
      .returningAll()
      .execute()
    return rows.sort((a, b) => a.position - b.position)
  }

  return {
    findByGuid,

    async insert(executor: Kysely<Database>, enrollment: NewEnrollment): Promise<StoredEnrollment> {
      const row = await executor
        .insertInto('enrollments')
        .values({
          guid: enrollment.guid,
          year: enrollment.year,
          brand: enrollment.brand,
          type: enrollment.type,
          status: enrollment.status,
          region_id: enrollment.regionId,
          lma: enrollment.lma ? JSON.stringify(enrollment.lma) : null,
          lma_name_key: enrollment.lma ? lmaNameKey(enrollment.lma.name) : null,
          demo: enrollment.demo ?? false,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
      // What was written comes back from the inserts themselves: no second read of the rows.
      return toStoredEnrollment(row, await insertDealers(executor, row, enrollment.dealers))
    },

    /** Replaces region, LMA record and dealer rows; bumps the version. */
    async replaceContent(
      executor: Kysely<Database>,
      enrollment: StoredEnrollment,
      content: EnrollmentContent,
      status: EnrollmentStatus = enrollment.status,
    ): Promise<void> {
      await executor
        .updateTable('enrollments')
        .set({
          region_id: content.regionId,
          lma: content.lma ? JSON.stringify(content.lma) : null,
          lma_name_key: content.lma ? lmaNameKey(content.lma.name) : null,
          status,
          version: sql`version + 1`,
          modified_at: sql`now()`,
        })
        .where('id', '=', enrollment.id)
        .execute()
      await executor
        .deleteFrom('enrollment_dealers')
        .where('enrollment_id', '=', enrollment.id)
        .execute()
      await insertDealers(executor, enrollment, content.dealers)
    },

    /** The BAC keys among `bacs` already enrolled for this brand and year (outside one enrollment). */
    async takenBacs(
      executor: Kysely<Database>,
      where: { brand: string; year: number; bacs: string[]; exceptEnrollmentId?: string },
    ): Promise<Set<string>> {
      const keys = [...new Set(where.bacs.map(bacKey))]
      if (keys.length === 0) return new Set()
      let query = executor
        .selectFrom('enrollment_dealers')
        .select('bac_key')
        .where('brand', '=', where.brand)
        .where('year', '=', where.year)
        .where('bac_key', 'in', keys)
      if (where.exceptEnrollmentId)
        query = query.where('enrollment_id', '!=', where.exceptEnrollmentId)
      const rows = await query.execute()
      return new Set(rows.map((row) => row.bac_key))
    },

    async lmaNameTaken(
      executor: Kysely<Database>,
      where: { brand: string; year: number; name: string; exceptEnrollmentId?: string },
    ): Promise<boolean> {
      let query = executor
        .selectFrom('enrollments')
        .select('id')
        .where('brand', '=', where.brand)
        .where('year', '=', where.year)
        .where('lma_name_key', '=', lmaNameKey(where.name))
      if (where.exceptEnrollmentId) query = query.where('id', '!=', where.exceptEnrollmentId)
      return (await query.executeTakeFirst()) !== undefined
    },

    /** Whether any enrollment is stored, of any year. */
    async any(executor: Kysely<Database> = db): Promise<boolean> {
      const row = await executor.selectFrom('enrollments').select('id').limit(1).executeTakeFirst()
      return row !== undefined
    },

    /** The guids among `guids` that name a stored enrollment in the scope. */
    async existing(guids: string[], scope: EnrollmentScope): Promise<Set<string>> {
      const rows = await db
        .selectFrom('enrollments')
        .select('guid')
        .where('guid', 'in', guids)
        .where(enrollmentScopeSql(sql.ref('region_id'), scope))
        .execute()
      return new Set(rows.map((row) => row.guid))
    },

    /** Whether the enrollment exists and is in the scope. */
    async inScope(guid: string, scope: EnrollmentScope): Promise<boolean> {
      const row = await db
        .selectFrom('enrollments')
        .select('id')
        .where('guid', '=', guid)
        .where(enrollmentScopeSql(sql.ref('region_id'), scope))
        .executeTakeFirst()
      return row !== undefined
    },

    /**
     * What the status rules read of each enrollment among `guids` in the scope
     * (shared/enrollment/status-rules.ts): type, status, year and the first dealer row's billing,
     * in one query.
     */
    statusFacts(guids: string[], scope: EnrollmentScope) {
      return db
        .selectFrom('enrollments as e')
        .leftJoin('enrollment_dealers as first', (join) =>
          join.onRef('first.enrollment_id', '=', 'e.id').on('first.position', '=', 0),
        )
        .select(['e.guid', 'e.type', 'e.status', 'e.year', 'first.billing'])
        .where('e.guid', 'in', guids)
        .where(enrollmentScopeSql(sql.ref('e.region_id'), scope))
        .execute()
    },

    /** The Approved enrollments of a year, in the order they were created: what a rollover copies. */
    approvedOfYear(year: number) {
      return db
        .selectFrom('enrollments')
        .select(['guid', 'demo'])
        .where('year', '=', year)
        .where('status', '=', 'Approved')
        .orderBy('id')
        .execute()
    },

    /**
     * Inserts enrollments already written out as rows, many to a statement (demo data), and
     * answers each one's id with its guid.
     */
    insertRows(executor: Kysely<Database>, rows: Insertable<EnrollmentTable>[]) {
      return executor.insertInto('enrollments').values(rows).returning(['id', 'guid']).execute()
    },

    /** Inserts dealer rows already written out, many to a statement (demo data). */
    async insertDealerRows(
      executor: Kysely<Database>,
      rows: Insertable<EnrollmentDealerTable>[],
    ): Promise<void> {
      await executor.insertInto('enrollment_dealers').values(rows).execute()
    },
  }
}

export type EnrollmentRepository = ReturnType<typeof createEnrollmentRepository>
