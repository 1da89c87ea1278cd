import { formatDollars } from '../../shared/format/money-text.js'
import { type Invoice, invoiceName, PAYMENT_DUE_SENTENCE } from '../../shared/invoice/invoice.js'
import { invoiceFacts, programHeading } from '../../shared/invoice/invoice-text.js'

/**
 * What the PDF draws: the invoice without the guid of the enrollment it bills, so the status
 * link can hand its invoice over without that guid (docs/security.md#capabilities).
 */
type DrawnInvoice = Omit<Invoice, 'guid' | 'voided' | 'revisions' | 'revision' | 'standing'> &
  // A PDF queued for mailing before invoices had revisions has none of these.
  Partial<Pick<Invoice, 'revision' | 'standing'>>

export interface InvoicePdfOptions {
  /** A PNG logo; the invoice is drawn without one when absent or unreadable. */
  logoPath?: string
  /** Tests turn compression off to read the content streams. */
  compress?: boolean
}

const LEFT = 54
const WIDTH = 504
const RULE = '#c9d1db'
const SHADE = '#e8ecf1'
const INK = '#1c2430'

/** Table columns: Quantity, Description, Cost Per Kit, Extended Cost. */
const COLUMNS = [
  { x: LEFT, width: 72, align: 'center' },
  { x: LEFT + 72, width: 208, align: 'left' },
  { x: LEFT + 280, width: 112, align: 'right' },
  { x: LEFT + 392, width: 112, align: 'right' },
] as const
const PAD = 6
const ROW = 22

type Doc = PDFKit.PDFDocument

/**
 * The invoice as one US Letter page of real (searchable) text in the built-in Helvetica.
 * The PDF's creation date is the invoice date, so one snapshot always renders the same bytes.
 * pdfkit (with its font and Unicode tables) is loaded by the first invoice drawn, not at
 * start-up (docs/decisions.md).
 */
export async function renderInvoicePdf(
  invoice: DrawnInvoice,
  options: InvoicePdfOptions = {},
): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit')
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: LEFT,
    compress: options.compress ?? true,
    lang: 'en-US',
    displayTitle: true,
    info: {
      Title: invoiceName(invoice.invoiceNumber, invoice.revision ?? 1),
      Subject: programHeading(invoice),
      Author: 'Dealer Funded POS Program',
      CreationDate: new Date(`${invoice.invoiceDate.slice(0, 10)}T00:00:00Z`),
    },
  })
  const done = collect(doc)
  doc.fillColor(INK).strokeColor(RULE).lineWidth(0.75)
  drawHeader(doc, invoice, options.logoPath)
  const y = drawParties(doc, invoice, 160)
  doc.font('Helvetica-Bold').fontSize(14)
  doc.text(programHeading(invoice), LEFT, y + 28, { width: WIDTH, align: 'center' })
  const end = drawItems(doc, invoice, doc.y + 16)
  doc.font('Helvetica').fontSize(10)
  // A void invoice asks for no payment.
  if (invoice.standing !== 'void') doc.text(PAYMENT_DUE_SENTENCE, LEFT, end + 20, { width: WIDTH })
  doc.end()
  return done
}

function collect(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
}

function drawHeader(doc: Doc, invoice: DrawnInvoice, logoPath: string | undefined): void {
  if (logoPath) {
    try {
      doc.image(logoPath, LEFT, LEFT, { fit: [200, 56] })
    } catch {
      // A missing or broken logo must not cost the invoice: it is drawn without one.
    }
  }
  doc.font('Helvetica-Bold').fontSize(20)
  doc.text(invoiceName(invoice.invoiceNumber, invoice.revision ?? 1), LEFT + 224, LEFT, {
    width: WIDTH - 224,
    align: 'right',
  })
  invoiceFacts(invoice).forEach(([label, value], index) => {
    const y = LEFT + 34 + index * 15
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(label, LEFT + 304, y, { width: 100 })
    doc.font('Helvetica').text(value, LEFT + 404, y, { width: 100, align: 'right' })
  })
}

/** 'Bill to' and 'Remit payment to' side by side; answers the y below the taller one. */
function drawParties(doc: Doc, invoice: DrawnInvoice, top: number): number {
  const column = (heading: string, lines: string[], x: number): number => {
    doc.font('Helvetica-Bold').fontSize(11).text(heading, x, top, { width: 236 })
    doc.font('Helvetica').fontSize(10)
    for (const line of lines) doc.text(line, x, doc.y + 2, { width: 236 })
    return doc.y
  }
  const left = column('Bill to', invoice.billTo.lines, LEFT)
  const right = column('Remit payment to', invoice.remitTo.lines, LEFT + 268)
  return Math.max(left, right)
}

/** The items table with its Subtotal and Grand Total rows; answers the y below it. */
function drawItems(doc: Doc, invoice: DrawnInvoice, top: number): number {
  doc.rect(LEFT, top, WIDTH, ROW).fill(SHADE).fillColor(INK)
  row(doc, top, ['Quantity', 'Description', 'Cost Per Kit', 'Extended Cost'], 'Helvetica-Bold')
  let y = top + ROW
  for (const item of invoice.items.filter((entry) => entry.quantity > 0)) {
    const cells = [
      String(item.quantity),
      item.description,
      formatDollars(item.unitPrice),
      formatDollars(item.subtotal),
    ]
    row(doc, y, cells, 'Helvetica')
    y += ROW
    doc
      .moveTo(LEFT, y)
      .lineTo(LEFT + WIDTH, y)
      .stroke()
  }
  total(doc, y, 'Subtotal', formatDollars(invoice.subtotal), 'Helvetica')
  y += ROW
  doc
    .lineWidth(1.5)
    .moveTo(LEFT + 280, y)
    .lineTo(LEFT + WIDTH, y)
    .stroke()
    .lineWidth(0.75)
  total(doc, y, 'Grand Total', formatDollars(invoice.grandTotal), 'Helvetica-Bold')
  return y + ROW
}

function row(doc: Doc, y: number, cells: string[], font: string): void {
  doc.font(font).fontSize(10)
  COLUMNS.forEach((column, index) => {
    doc.text(cells[index] ?? '', column.x + PAD, y + 7, {
      width: column.width - 2 * PAD,
      align: column.align,
      lineBreak: false,
      ellipsis: true,
    })
  })
}

function total(doc: Doc, y: number, label: string, amount: string, font: string): void {
  const [, , price, extended] = COLUMNS
  doc.font(font).fontSize(10)
  doc.text(label, price.x + PAD, y + 7, { width: price.width - 2 * PAD, align: 'right' })
  doc.text(amount, extended.x + PAD, y + 7, { width: extended.width - 2 * PAD, align: 'right' })
}
