import type { Migration } from 'kysely/migration'
import * as regions from './0001-regions.js'
import * as enrollments from './0002-enrollments.js'
import * as invoices from './0003-invoices.js'
import * as searchIndexes from './0004-search-indexes.js'
import * as exportOrderIndex from './0005-export-order-index.js'
import * as referencesAndKeys from './0006-references-and-normalized-keys.js'
import * as authorizationReminders from './0007-authorization-reminders.js'
import * as officeWorkflow from './0008-notes-reasons-mail-status-payments.js'
import * as dashboardFigures from './0009-dashboard-figures.js'
import * as dropBacPrefixIndex from './0010-drop-bac-prefix-index.js'
import * as keysWithoutIgnorables from './0011-keys-without-ignorable-or-blank-characters.js'
import * as demoEnrollments from './0012-demo-enrollments.js'
import * as referenceSearch from './0013-reference-search-and-invoice-reference.js'
import * as statusLinks from './0014-status-links.js'
import * as draftsAndScheduledJobs from './0015-drafts-and-scheduled-jobs.js'
import * as sharedDeclineReason from './0016-shared-decline-reason.js'
import * as auditTrail from './0017-audit-trail.js'
import * as dataRetention from './0018-data-retention.js'
import * as enrollmentListChanges from './0019-enrollment-list-changes.js'
import * as capabilityMail from './0020-capability-mail.js'
import * as invoiceRevisions from './0021-invoice-revisions.js'
import * as shipping from './0022-shipping.js'

/** Every migration, in order. Names never change once released. */
export const migrations: Record<string, Migration> = {
  '0001-regions': regions,
  '0002-enrollments': enrollments,
  '0003-invoices': invoices,
  '0004-search-indexes': searchIndexes,
  '0005-export-order-index': exportOrderIndex,
  '0006-references-and-normalized-keys': referencesAndKeys,
  '0007-authorization-reminders': authorizationReminders,
  '0008-notes-reasons-mail-status-payments': officeWorkflow,
  '0009-dashboard-figures': dashboardFigures,
  '0010-drop-bac-prefix-index': dropBacPrefixIndex,
  '0011-keys-without-ignorable-or-blank-characters': keysWithoutIgnorables,
  '0012-demo-enrollments': demoEnrollments,
  '0013-reference-search-and-invoice-reference': referenceSearch,
  '0014-status-links': statusLinks,
  '0015-drafts-and-scheduled-jobs': draftsAndScheduledJobs,
  '0016-shared-decline-reason': sharedDeclineReason,
  '0017-audit-trail': auditTrail,
  '0018-data-retention': dataRetention,
  '0019-enrollment-list-changes': enrollmentListChanges,
  '0020-capability-mail': capabilityMail,
  '0021-invoice-revisions': invoiceRevisions,
  '0022-shipping': shipping,
}
