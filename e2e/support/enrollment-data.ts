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

/** Waits for the dev mailbox (the in-process SMTP server) to hold a mail to this address. */
export async function waitForMail(page: Page, recipient: string): Promise<ReceivedMail> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await page.request.get('/dev/mail/messages.json')
    const mails = (await response.json()) as ReceivedMail[]
    const found = mails.find((mail) => mail.to.includes(recipient))
    if (found) return found
    await page.waitForTimeout(100)
  }
  throw new Error(`No mail to ${recipient} arrived`)
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
