import { formatDollars } from '@shared/format/money-text'
import { type Invoice, PAYMENT_DUE_SENTENCE } from '@shared/invoice/invoice'
import { invoiceFacts, programHeading } from '@shared/invoice/invoice-text'

/** The invoice as issued; it draws no guid (the status page's invoice has none). */
export function InvoiceDocument({
  invoice,
  logo,
}: {
  invoice: Omit<Invoice, 'guid' | 'voided'>
  logo: string
}) {
  return (
    <article className="invoice">
      <header className="invoice__header">
        <img
          className="invoice__logo"
          src={`/images/logos/${logo}.png`}
          alt={invoice.invoiceBrand}
          width="160"
          height="48"
        />
        <dl className="invoice__facts">
          {invoiceFacts(invoice).map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </header>
      <div className="invoice__parties">
        <section>
          <h2>Bill to</h2>
          {invoice.billTo.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: address lines are fixed once issued
            <p key={index}>{line}</p>
          ))}
        </section>
        <section>
          <h2>Remit payment to</h2>
          {invoice.remitTo.lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: address lines are fixed once issued
            <p key={index}>{line}</p>
          ))}
        </section>
      </div>
      <h2 className="invoice__program">{programHeading(invoice)}</h2>
      {/* On a phone narrower than the items, they scroll here rather than widen the page. */}
      <div className="invoice__items-frame">
        <table className="invoice__items">
          <thead>
            <tr>
              <th scope="col">Quantity</th>
              <th scope="col">Description</th>
              <th scope="col">Cost Per Kit</th>
              <th scope="col">Extended Cost</th>
            </tr>
          </thead>
          <tbody>
            {invoice.items
              .filter((item) => item.quantity > 0)
              .map((item) => (
                <tr key={item.description}>
                  <td>{item.quantity}</td>
                  <td>{item.description}</td>
                  <td>{formatDollars(item.unitPrice)}</td>
                  <td>{formatDollars(item.subtotal)}</td>
                </tr>
              ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                Subtotal
              </th>
              <td>{formatDollars(invoice.subtotal)}</td>
            </tr>
            <tr className="invoice__grand-total">
              <th scope="row" colSpan={3}>
                Grand Total
              </th>
              <td>{formatDollars(invoice.grandTotal)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      {invoice.standing !== 'void' && <p className="invoice__note">{PAYMENT_DUE_SENTENCE}</p>}
    </article>
  )
}
