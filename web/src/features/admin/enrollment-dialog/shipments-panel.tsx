import { formatDate } from '@shared/format/date-text'
import { trackingUrl } from '@shared/shipping/carriers'
import { notShippedWords, shippedWordsParts } from '@shared/shipping/shipment-words'
import type { Shipment } from '@shared/shipping/shipping-schema'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { PlainField } from '../../../components/form/plain-field'
import { useToast } from '../../../components/ui/toast'
import { ApiError } from '../../../lib/api-client'
import { adminKeys } from '../query/admin-keys'
import { QueryView, reloading } from '../query/query-view'
import { useMay } from '../staff-access'
import {
  type EnrollmentShipments,
  getEnrollmentShipments,
  putShipment,
  putShipTo,
  SHIP_TO_FIELDS,
  type ShipmentFields,
  type ShipToFields,
} from './shipment-calls'

const shipmentsKey = (guid: string) => [...adminKeys.enrollment(guid), 'shipments'] as const

/** The server's messages by field of a 400, or the error's own text under `''`. */
function errorsOf(caught: unknown, fallback: string): Record<string, string> {
  if (caught instanceof ApiError) {
    const errors = (caught.body as { errors?: Record<string, unknown> } | undefined)?.errors ?? {}
    const byField: Record<string, string> = {}
    for (const [field, messages] of Object.entries(errors)) {
      if (Array.isArray(messages) && typeof messages[0] === 'string') byField[field] = messages[0]
    }
    return Object.keys(byField).length > 0 ? byField : { '': caught.message }
  }
  return { '': caught instanceof Error ? caught.message : fallback }
}

/**
 * The enrollment's shipping (docs/product.md#shipments-of-an-enrollment): per sales event of its
 * year, whether it ships on the latest release and what the vendor shipped, in the words the
 * status page uses; an administrator corrects a shipment. For an LMA, each dealer's ship-to
 * address (the office's or the dealer directory's), which a role that may change enters or
 * changes. Loaded when opened.
 */
export function ShipmentsPanel({ guid, isLma }: { guid: string; isLma: boolean }) {
  const [open, setOpen] = useState(false)
  const shipments = useQuery({
    queryKey: shipmentsKey(guid),
    queryFn: ({ signal }) => getEnrollmentShipments(guid, signal),
    enabled: open,
  })
  return (
    <details
      className="history office-panel"
      aria-busy={reloading(shipments)}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>Shipping</summary>
      {open && (
        <QueryView query={shipments} failed="The shipping could not be loaded.">
          {(loaded) => <ShippingState guid={guid} isLma={isLma} shipping={loaded} />}
        </QueryView>
      )}
    </details>
  )
}

function ShippingState({
  guid,
  isLma,
  shipping,
}: {
  guid: string
  isLma: boolean
  shipping: EnrollmentShipments
}) {
  const client = useQueryClient()
  const refresh = () => client.invalidateQueries({ queryKey: shipmentsKey(guid) })
  return (
    <>
      {shipping.events.length === 0 ? (
        <p className="office-panel__empty">This year has no sales events yet.</p>
      ) : (
        <ul className="shipments">
          {shipping.events.map((event) => (
            <li key={event.eventGuid} className="shipments__event">
              <h4 className="shipments__title">
                {event.eventName} <span className="shipments__code">({event.eventCode})</span>
              </h4>
              <p className="shipments__release">
                {event.latestRelease === null
                  ? `Not released to the vendor yet; ships by ${formatDate(event.shipBy)}.`
                  : event.onLatestRelease
                    ? `On release ${event.latestRelease} of the manifest.`
                    : `Not on release ${event.latestRelease} of the manifest.`}
              </p>
              {event.shipments.length === 0 ? (
                event.onLatestRelease && <p>{notShippedWords(event.shipBy)}</p>
              ) : (
                <ul className="shipments__packages">
                  {event.shipments.map((shipment) => (
                    <ShipmentLine
                      key={shipment.id}
                      shipment={shipment}
                      showBac={isLma}
                      onSaved={refresh}
                    />
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      {isLma && shipping.shipTo.length > 0 && (
        <ShipToTable guid={guid} shipping={shipping} onSaved={refresh} />
      )}
    </>
  )
}

function ShipmentLine({
  shipment,
  showBac,
  onSaved,
}: {
  shipment: Shipment
  showBac: boolean
  onSaved(): void
}) {
  const mayShip = useMay('ship')
  const [editing, setEditing] = useState(false)
  const { words, number } = shippedWordsParts(shipment)
  const url = trackingUrl(shipment.carrier, shipment.trackingNumber)
  return (
    <li>
      {showBac && <span className="shipments__bac">BAC {shipment.bac}: </span>}
      {words}
      {url ? (
        <a href={url} target="_blank" rel="noreferrer">
          {number}
        </a>
      ) : (
        number
      )}
      {mayShip && !editing && (
        <button
          type="button"
          className="button button--small shipments__action"
          onClick={() => setEditing(true)}
        >
          Correct
        </button>
      )}
      {editing && (
        <ShipmentForm
          shipment={shipment}
          onDone={(saved) => {
            setEditing(false)
            if (saved) onSaved()
          }}
        />
      )}
    </li>
  )
}

function ShipmentForm({ shipment, onDone }: { shipment: Shipment; onDone(saved: boolean): void }) {
  const id = useId()
  const toast = useToast()
  const [fields, setFields] = useState<ShipmentFields>({
    carrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber,
    shippedOn: shipment.shippedOn,
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const save = async () => {
    setBusy(true)
    setErrors({})
    try {
      await putShipment(shipment.id, fields)
      toast.success('The shipment is corrected.')
      onDone(true)
    } catch (caught) {
      setErrors(errorsOf(caught, 'The shipment could not be corrected.'))
    } finally {
      setBusy(false)
    }
  }
  const field = (name: keyof ShipmentFields, label: string, type = 'text') => (
    <PlainField
      id={`${id}-${name}`}
      label={label}
      type={type}
      value={fields[name]}
      error={errors[name]}
      onChange={(value) => setFields({ ...fields, [name]: value })}
    />
  )
  return (
    <fieldset className="payment__form shipments__form">
      <legend className="visually-hidden">Correct the shipment</legend>
      {field('carrier', 'Carrier')}
      {field('trackingNumber', 'Tracking number')}
      {field('shippedOn', 'Shipped on', 'date')}
      {errors[''] && (
        <p className="field__error" role="alert">
          {errors['']}
        </p>
      )}
      <button
        type="button"
        className="button button--primary"
        disabled={busy}
        onClick={() => void save()}
      >
        Save
      </button>
      <button type="button" className="button" onClick={() => onDone(false)}>
        Cancel
      </button>
    </fieldset>
  )
}

function ShipToTable({
  guid,
  shipping,
  onSaved,
}: {
  guid: string
  shipping: EnrollmentShipments
  onSaved(): void
}) {
  const mayChange = useMay('change')
  const [editing, setEditing] = useState<string | null>(null)
  return (
    <div className="shipments__ship-to">
      <h4 className="shipments__title">Ship-to addresses</h4>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">BAC</th>
            <th scope="col">Dealer</th>
            <th scope="col">Ships to</th>
          </tr>
        </thead>
        <tbody>
          {shipping.shipTo.map((dealer) => (
            <tr key={dealer.bac}>
              <td>{dealer.bac}</td>
              <td>{dealer.dealerName}</td>
              <td>
                {dealer.shipTo ? (
                  <>
                    {dealer.shipTo.name}, {dealer.shipTo.address}, {dealer.shipTo.city},{' '}
                    {dealer.shipTo.state} {dealer.shipTo.postal}
                    <span className="shipments__source">
                      {dealer.shipTo.source === 'office'
                        ? ' (entered by the program office)'
                        : ' (dealer directory)'}
                    </span>
                  </>
                ) : (
                  <span className="shipments__missing">
                    Unknown: the dealer directory does not know this BAC.
                  </span>
                )}
                {mayChange && editing !== dealer.bac && (
                  <button
                    type="button"
                    className="button button--small shipments__action"
                    onClick={() => setEditing(dealer.bac)}
                  >
                    {dealer.shipTo ? 'Change' : 'Enter address'}
                  </button>
                )}
                {editing === dealer.bac && (
                  <ShipToForm
                    guid={guid}
                    bac={dealer.bac}
                    initial={{
                      name: dealer.shipTo?.name ?? dealer.dealerName,
                      address: dealer.shipTo?.address ?? '',
                      city: dealer.shipTo?.city ?? '',
                      state: dealer.shipTo?.state ?? '',
                      postal: dealer.shipTo?.postal ?? '',
                      country: dealer.shipTo?.country ?? 'USA',
                    }}
                    onDone={(saved) => {
                      setEditing(null)
                      if (saved) onSaved()
                    }}
                  />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function ShipToForm({
  guid,
  bac,
  initial,
  onDone,
}: {
  guid: string
  bac: string
  initial: ShipToFields
  onDone(saved: boolean): void
}) {
  const id = useId()
  const toast = useToast()
  const [fields, setFields] = useState(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const save = async () => {
    setBusy(true)
    setErrors({})
    try {
      await putShipTo(guid, bac, fields)
      toast.success(`The ship-to address of BAC ${bac} is saved.`)
      onDone(true)
    } catch (caught) {
      setErrors(errorsOf(caught, 'The address could not be saved.'))
    } finally {
      setBusy(false)
    }
  }
  return (
    <fieldset className="payment__form shipments__form">
      <legend className="visually-hidden">Ship-to address of BAC {bac}</legend>
      {SHIP_TO_FIELDS.map((field) => (
        <PlainField
          key={field.name}
          id={`${id}-${field.name}`}
          label={field.label}
          value={fields[field.name]}
          autoComplete={field.autoComplete}
          error={errors[field.name]}
          onChange={(value) => setFields({ ...fields, [field.name]: value })}
        />
      ))}
      {errors[''] && (
        <p className="field__error" role="alert">
          {errors['']}
        </p>
      )}
      <button
        type="button"
        className="button button--primary"
        disabled={busy}
        onClick={() => void save()}
      >
        Save address
      </button>
      <button type="button" className="button" onClick={() => onDone(false)}>
        Cancel
      </button>
    </fieldset>
  )
}
