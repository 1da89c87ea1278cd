import { findBrand } from '../../shared/brand/find-brand.js'
import type { Brand } from '../../shared/config/public-config.js'
import type { DealerEntry, LmaRecord } from '../../shared/enrollment/enrollment.js'
import { dealerRowCostCents } from '../../shared/enrollment/pricing.js'
import type { ExportRow } from './export-batches.js'
import type { ReportColumn } from './report-sheet.js'

type Column = ReportColumn<ExportRow>

const text = (header: string, width: number, value: (row: ExportRow) => string | null): Column => ({
  header,
  width,
  kind: 'text',
  value,
})

const lma = (header: string, width: number, pick: (lma: LmaRecord) => string): Column =>
  text(header, width, (row) => (row.lma && row.type === 'Lma' ? pick(row.lma) : null))

const dealer = (header: string, width: number, pick: (dealer: DealerEntry) => string): Column =>
  text(header, width, (row) => (row.dealer ? pick(row.dealer) : null))

/** DESIGN.md §8: every field of an enrollment and of one of its dealer rows. */
export function enrollmentExportColumns(brands: readonly Brand[]): Column[] {
  return [
    { header: 'Year', width: 7, kind: 'integer', value: (row) => row.year },
    text('Brand', 12, (row) => findBrand(brands, row.brand)?.name ?? row.brand),
    text('Type', 8, (row) => (row.type === 'Lma' ? 'LMA' : 'Dealer')),
    text('Status', 12, (row) => row.status),
    text('Region', 18, (row) => row.regionName),
    { header: 'Created (UTC)', width: 17, kind: 'dateTime', value: (row) => row.created },
    { header: 'Modified (UTC)', width: 17, kind: 'dateTime', value: (row) => row.modified },
    lma('LMA Name', 30, (it) => it.name),
    lma('LMA Contact', 20, (it) => it.contact),
    lma('LMA Address', 28, (it) => it.address),
    lma('LMA City', 16, (it) => it.city),
    lma('LMA State', 9, (it) => it.state),
    lma('LMA Zip', 10, (it) => it.postal),
    lma('LMA Country', 11, (it) => it.country),
    lma('LMA Previous Name', 24, (it) => it.previousName),
    lma('LMA Name Changed', 10, (it) => (it.nameChanged ? 'Yes' : 'No')),
    lma('LMA Email', 28, (it) => it.emailAddress),
    lma('LMA Phone', 15, (it) => it.phoneNumber),
    lma('Agency of Record', 22, (it) => it.agencyName),
    lma('LMA Type', 10, (it) => it.type),
    lma('LMA Authorized Rep Name', 22, (it) => it.authName),
    lma('LMA Authorized Rep Title', 20, (it) => it.authTitle),
    lma('LMA Authorized Rep Email', 28, (it) => it.authEmailAddress),
    lma('LMA Authorized Rep Phone', 15, (it) => it.authPhoneNumber),
    lma('LMA Authorized Rep Fax', 15, (it) => it.authFaxNumber),
    dealer('BAC', 10, (it) => it.bac),
    dealer('Dealer Name', 30, (it) => it.name),
    dealer('Dealer Address', 28, (it) => it.address),
    dealer('Dealer City', 16, (it) => it.city),
    dealer('Dealer State', 9, (it) => it.state),
    dealer('Dealer Zip', 10, (it) => it.postal),
    dealer('Dealer Country', 11, (it) => it.country),
    dealer('Dealer Auth Name', 22, (it) => it.authName),
    dealer('Dealer Auth Title', 20, (it) => it.authTitle),
    dealer('Dealer Auth Email', 28, (it) => it.authEmailAddress),
    dealer('Dealer Auth Phone', 15, (it) => it.authPhoneNumber),
    dealer('Dealer Auth Fax', 15, (it) => it.authFaxNumber),
    dealer('Kit Size', 9, (it) => it.kitSize),
    dealer('Hispanic', 9, (it) => it.hispanic),
    dealer('Billing', 11, (it) => it.billing),
    {
      header: 'Kit Cost',
      width: 11,
      kind: 'currency',
      value: (row) => (row.dealer ? dealerRowCostCents(row.dealer) / 100 : null),
    },
    text('Enrollment ID', 38, (row) => row.guid),
  ]
}
