import { brandDisplayName } from '@shared/format/brand-name'
import { formatDate, formatDateTime } from '@shared/format/date-text'
import { invitableAgain, invitationResultText } from '@shared/re-enrollment/invitation-words'
import type { NotReEnrolled } from '@shared/re-enrollment/not-re-enrolled-schema'
import { useState } from 'react'
import { useConfirm } from '../../../components/ui/confirm'
import { MailLink, PhoneLink } from '../../../components/ui/contact-links'
import { focusWhenRendered } from '../../../components/ui/move-focus'
import { useToast } from '../../../components/ui/toast'
import { useConfig } from '../../config/config-context'
import { postInvitations } from '../api/re-enrollment-calls'
import { useChanged } from '../query/admin-changes'
import { kitMixText } from './kit-mix'

/** The invitations' result, which takes the focus once it shows. */
const RESULT_ID = 'not-re-enrolled-result'
const SELECT_ALL_ID = 'not-re-enrolled-select-all'

/** The not-re-enrolled rows, each with its contact, last year's kits, and an invitation to send. */
export function NotReEnrolledTable({
  items,
  invitable,
  regionName,
}: {
  items: NotReEnrolled[]
  invitable: boolean
  regionName(id: number | null): string
}) {
  const { brands } = useConfig()
  const confirm = useConfirm()
  const toast = useToast()
  const changed = useChanged()
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState('')
  // A row invited in the last 24 hours offers no invitation: it says when it may have one again.
  const now = new Date()
  const waiting = new Map(
    items.flatMap((item) => {
      const again = invitableAgain(item.invitedAt, now)
      return again ? [[item.guid, again] as const] : []
    }),
  )
  const offered = items.filter((item) => !waiting.has(item.guid))
  const allSelected = offered.length > 0 && offered.every((item) => selected.has(item.guid))

  const invite = async (guids: string[], question: string) => {
    if (!(await confirm(question))) return
    setBusy(true)
    try {
      const result = await postInvitations(guids)
      // The list loads again with each invitation's date and count, and so do their panels.
      void changed({ action: 'invitations', guids: result.invited })
      setSelected(new Set())
      setResult(invitationResultText(result))
      // The button was disabled while sending: the keyboard goes to what happened.
      focusWhenRendered(() => document.getElementById(RESULT_ID))
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error))
    } finally {
      setBusy(false)
    }
  }
  const toggle = (guid: string) =>
    setSelected((current) => {
      const next = new Set(current)
      if (!next.delete(guid)) next.add(guid)
      return next
    })

  const selectAll = (id?: string) => (
    <input
      id={id}
      type="checkbox"
      aria-label="Select all"
      checked={allSelected}
      disabled={offered.length === 0}
      onChange={() =>
        setSelected(allSelected ? new Set() : new Set(offered.map((item) => item.guid)))
      }
    />
  )

  return (
    <>
      <p id={RESULT_ID} className="not-re-enrolled__result" role="status" tabIndex={-1}>
        {result}
      </p>
      {invitable && (
        <div className="not-re-enrolled__actions">
          {/* Cards (below 52rem) have no header row: its checkbox is here. */}
          <span className="not-re-enrolled__select-all">
            {selectAll(SELECT_ALL_ID)}
            <label htmlFor={SELECT_ALL_ID}>Select all</label>
          </span>
          <button
            type="button"
            className="button button--small"
            disabled={busy || selected.size === 0}
            onClick={() =>
              invite(
                [...selected],
                `Send the re-enrollment invitation to the ${selected.size} selected? Each is mailed a link to its enrollment form.`,
              )
            }
          >
            Invite selected ({selected.size})
          </button>
        </div>
      )}
      <div className="list-table-frame">
        <table className="data-table not-re-enrolled__table">
          <caption className="visually-hidden">Not re-enrolled</caption>
          <thead>
            <tr>
              {invitable && <th scope="col">{selectAll()}</th>}
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Brand</th>
              <th scope="col">Region</th>
              <th scope="col">Contact</th>
              <th scope="col">Last year’s kits</th>
              <th scope="col">Invited</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => {
              const again = waiting.get(item.guid)
              return (
                <tr key={item.guid}>
                  {invitable && (
                    <td className="not-re-enrolled__select">
                      {!again && (
                        <input
                          type="checkbox"
                          aria-label={`Select ${item.name}`}
                          checked={selected.has(item.guid)}
                          onChange={() => toggle(item.guid)}
                        />
                      )}
                    </td>
                  )}
                  <th scope="row">
                    {item.name}
                    <span className="not-re-enrolled__detail">
                      {[
                        item.bac && `BAC ${item.bac}`,
                        [item.city, item.state].filter(Boolean).join(', '),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </th>
                  <td data-label="Type">{item.type === 'Lma' ? 'LMA' : 'Dealer'}</td>
                  <td data-label="Brand">{brandDisplayName(brands, item.brand)}</td>
                  <td data-label="Region">{regionName(item.regionId)}</td>
                  <td data-label="Contact">
                    {item.contactName}
                    {item.contactEmail && (
                      <MailLink className="not-re-enrolled__detail" email={item.contactEmail} />
                    )}
                    {item.contactPhone && (
                      <PhoneLink className="not-re-enrolled__detail" phone={item.contactPhone} />
                    )}
                  </td>
                  <td data-label="Last year’s kits">{kitMixText(item)}</td>
                  <td data-label="Invited">
                    {item.invitedAt
                      ? `${formatDate(item.invitedAt)} (${item.invitations})`
                      : 'Not yet'}
                    {invitable && again && (
                      <span className="not-re-enrolled__detail">
                        Can be invited again from {formatDateTime(again)} (one invitation a day at
                        most)
                      </span>
                    )}
                    {invitable && !again && (
                      <button
                        type="button"
                        className="link-button not-re-enrolled__detail"
                        disabled={busy}
                        aria-label={`Invite ${item.name}`}
                        onClick={() =>
                          invite(
                            [item.guid],
                            `Send the re-enrollment invitation to ${item.name} (${item.contactEmail})?`,
                          )
                        }
                      >
                        Invite
                      </button>
                    )}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </>
  )
}
