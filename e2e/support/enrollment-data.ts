import type { Page } from '@playwright/test'

let sequence = 0
/** An 8-digit BAC no demo dealer has (those have 6 digits) and no other test uses. */
export function freshBac(): string {
  sequence += 1
  return String(10_000_000 + ((Date.now() * 7 + process.pid * 131 + sequence * 7919) % 89_999_999))
}

export function freshName(prefix: string): string {
  sequence += 1
  return `${prefix} ${Date.now().toString(36)}${sequence}`
}

export interface ReceivedMail {
  to: string[]
  subject: string
  text: string
  html: string
}

/**
 * Waits for the dev mailbox (the in-process SMTP server) to hold a mail to this address, whose
 * subject matches `subject` when given (an address may also get the submission's receipt).
 */
export async function waitForMail(
  page: Page,
  recipient: string,
  subject?: RegExp,
): Promise<ReceivedMail> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await page.request.get('/dev/mail/messages.json')
    const mails = (await response.json()) as ReceivedMail[]
    const found = mails.find(
      (mail) => mail.to.includes(recipient) && (!subject || subject.test(mail.subject)),
    )
    if (found) return found
    await page.waitForTimeout(100)
  }
  throw new Error(`No mail to ${recipient} arrived`)
}

/**
 * How wide a mail's HTML lays out on a phone (390 px): more than 390 means the reader scrolls
 * sideways (a long link that does not wrap). Laid out in a page of its own, beside `page`.
 */
export async function mailWidthOnPhone(page: Page, html: string): Promise<number> {
  const phone = await page.context().newPage()
  try {
    await phone.setViewportSize({ width: 390, height: 844 })
    await phone.setContent(html)
    return await phone.evaluate(() => document.documentElement.scrollWidth)
  } finally {
    await phone.close()
  }
}

export async function fillDealerForm(
  page: Page,
  dealer: { bac: string; billing?: 'iMR Funds' | 'Open Parts' | 'None'; email?: string },
): Promise<void> {
  await page.getByRole('combobox', { name: 'BAC' }).fill(dealer.bac)
  await page.getByLabel('Dealer Name').fill('Prairie View Chevrolet')
  await page.getByLabel('Address').fill('1200 Prairie Avenue')
  await page.getByLabel('City').fill('Peoria')
  await page.getByLabel('State').selectOption('IL')
  await page.getByLabel('Zip Code').fill('61602')
  const billing = dealer.billing ?? 'iMR Funds'
  if (billing !== 'None') {
    await page.getByRole('radio', { name: /^Large/ }).check()
    await page.getByRole('radio', { name: /^Yes/ }).check()
  }
  await page.getByRole('radio', { name: new RegExp(`^${billing}`) }).check()
  await page.getByLabel('Full Name').fill('Morgan Manager')
  await page.getByLabel('Title').fill('General Manager')
  await page.getByLabel('Email').fill(dealer.email ?? 'morgan@prairieview.example')
  await page.getByLabel('Phone Number').fill('3095550123')
}

export interface LmaSubmission {
  name: string
  repEmail: string
  invoiceEmail?: string
  /** Absent: region 1; null: none, as the public LMA form sends (it has no Region field). */
  regionId?: number | null
  type?: 'Turnkey' | 'Custom'
  dealers: Array<{ bac: string; name: string; kitSize: string; hispanic: string }>
}

/**
 * Submits an LMA enrollment through the public API, as the form would, and answers the guid
 * from the representative's mailed link (the submit's receipt carries none).
 */
export async function submitLmaThroughApi(page: Page, lma: LmaSubmission): Promise<string> {
  const response = await page.request.post('/api/enrollments', {
    data: {
      status: '',
      type: 'Lma',
      brand: 'chevy',
      year: 2025,
      guid: '',
      regionId: lma.regionId === undefined ? 1 : lma.regionId,
      lma: {
        name: lma.name,
        contact: 'Casey Contact',
        address: '9 River Road',
        city: 'Fresno',
        state: 'CA',
        postal: '93721',
        country: 'USA',
        previousName: '',
        nameChanged: false,
        emailAddress: lma.invoiceEmail ?? 'invoices@valley.example',
        phoneNumber: '559-555-0100',
        agencyName: 'Valley Agency',
        authName: 'Rory Rep',
        authTitle: 'Chair',
        authEmailAddress: lma.repEmail,
        authPhoneNumber: '559-555-0101',
        authFaxNumber: '',
        type: lma.type ?? 'Custom',
      },
      dealers: lma.dealers.map((dealer) => ({ ...dealer, billing: 'Lma', simple: true })),
    },
  })
  if (response.status() !== 201) throw new Error(`Submission answered ${response.status()}`)
  const mail = await waitForMail(page, lma.repEmail, /authorize/i)
  const guid = /[?&]auth=([0-9a-f-]{36})/.exec(mail.text)?.[1]
  if (!guid) throw new Error('The authorization mail holds no link')
  return guid
}
