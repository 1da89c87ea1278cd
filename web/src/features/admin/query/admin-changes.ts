import type { ListItem } from '@shared/enrollment/list-view'
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { editHeldRows } from '../api/admin-calls'
import { adminKeys } from './admin-keys'

/**
 * What an administrator's action changed on the server, by the action: each names the answers
 * it can make untrue, and nothing else (docs/product.md#office-workflow for what each writes).
 * Bulk actions, payments and invitations write an entry of the audit trail too; a download
 * writes its entry when its workbook is complete, after the browser has it, so the trail is
 * loaded again whenever its tab opens (docs/product.md#audit-trail).
 */
export type AdminChange =
  /** Save Changes: the enrollment, its history, what a change may (re)request or mail. */
  | { action: 'save'; guid: string }
  /** Approve, Decline, Re-authorize, Delete: the status, and with it every figure and panel. */
  | { action: 'status'; guid: string; status: string }
  /** Bulk Approve or Decline, of any number of enrollments. */
  | { action: 'bulk' }
  /** Mark Paid or Mark Unpaid: the invoice, its history entry, the money and the Overdue filter. */
  | { action: 'payment'; guid: string }
  | { action: 'note'; guid: string }
  /** Send Again: the mail's status, its history entry, the Failed mail filter. */
  | { action: 'mail-again'; guid: string }
  /** Invitations to re-enroll: the not-re-enrolled list, and each invited one's mails and history. */
  | { action: 'invitations'; guids: readonly string[] }
  /** Revoke and re-issue the status link: a history entry and a mail to the enrollee. */
  | { action: 'status-link'; guid: string }
  /** The rollover copies last year's approvals into this year. */
  | { action: 'rollover' }

/** The keys (prefixes) of the answers `change` made untrue. */
export function changedKeys(change: AdminChange): QueryKey[] {
  switch (change.action) {
    case 'save':
      return [
        adminKeys.enrollment(change.guid),
        adminKeys.lists(),
        adminKeys.dashboards(),
        adminKeys.notReEnrolledLists(),
      ]
    case 'status':
      return [
        adminKeys.enrollment(change.guid),
        adminKeys.lists(),
        adminKeys.dashboards(),
        adminKeys.notReEnrolledLists(),
      ]
    case 'bulk':
      return [
        adminKeys.enrollments(),
        adminKeys.lists(),
        adminKeys.dashboards(),
        adminKeys.notReEnrolledLists(),
        adminKeys.auditTrails(),
      ]
    case 'payment':
      return [
        adminKeys.invoice(change.guid),
        adminKeys.history(change.guid),
        adminKeys.lists(),
        adminKeys.dashboards(),
        adminKeys.auditTrails(),
      ]
    case 'note':
      return [adminKeys.notes(change.guid)]
    case 'mail-again':
      return [adminKeys.mails(change.guid), adminKeys.history(change.guid), adminKeys.lists()]
    case 'status-link':
      return [adminKeys.mails(change.guid), adminKeys.history(change.guid)]
    case 'invitations':
      return [
        adminKeys.notReEnrolledLists(),
        adminKeys.auditTrails(),
        ...change.guids.flatMap((guid) => [adminKeys.mails(guid), adminKeys.history(guid)]),
      ]
    case 'rollover':
      return [adminKeys.lists(), adminKeys.dashboards(), adminKeys.notReEnrolledLists()]
  }
}

/**
 * Marks what `change` changed as out of date: the answers on screen are loaded again at once
 * (each keeps showing until its new one comes), the others when a screen next shows them. A
 * status action shows the new status on the enrollment's list rows at once; a deleted
 * enrollment's row stays, as Deleted, until the list's next fetch (docs/product.md#enrollment-list),
 * so the lists are then marked out of date without being loaded again. The rows edited keep
 * their cursor, so that fetch asks only for the changes since (getEnrollmentList).
 */
export async function invalidateAfter(client: QueryClient, change: AdminChange): Promise<void> {
  const deleted = change.action === 'status' && change.status === 'Deleted'
  if (change.action === 'status') {
    client.setQueriesData<ListItem[]>({ queryKey: adminKeys.lists() }, (rows) =>
      rows
        ? editHeldRows(rows, (row) =>
            row.guid === change.guid ? { ...row, status: change.status } : row,
          )
        : rows,
    )
  }
  const lists = JSON.stringify(adminKeys.lists())
  await Promise.all(
    changedKeys(change).map((queryKey) =>
      client.invalidateQueries({
        queryKey,
        refetchType: deleted && JSON.stringify(queryKey) === lists ? 'none' : 'active',
      }),
    ),
  )
}

/** `changed(change)` after an action succeeded, from anywhere in the admin area. */
export function useChanged(): (change: AdminChange) => Promise<void> {
  const client = useQueryClient()
  return useCallback((change: AdminChange) => invalidateAfter(client, change), [client])
}
