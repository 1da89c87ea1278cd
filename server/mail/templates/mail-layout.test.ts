import { describe, expect, it } from 'vitest'
import { draftSavedMail } from './draft-saved-mail.js'
import { renderMail } from './mail-layout.js'
import { lostLinksMail, statusLinkMail } from './status-link-mail.js'

const TOKEN = 'Abcdefghijklmnopqrstuvwxyz0123456789_-ABCDEFG'
const BASE = 'https://pos-enrollment.example.com'
const support = { supportEmail: 'pos@example.com', supportPhone: '800-555-0100' }

/** Each anchor of the HTML whose text is an address: its style attribute. */
function addressAnchors(html: string): Array<{ text: string; style: string }> {
  return [...html.matchAll(/<a href="([^"]*)"(?: style="([^"]*)")?>([^<]*)<\/a>/g)]
    .filter(([, href, , text]) => text === href)
    .map(([, , style = '', text = '']) => ({ text, style }))
}

describe('a link in a mail wraps on a phone (docs/product.md#mails)', () => {
  const mails = {
    'the status link re-issued': statusLinkMail({
      brandName: 'Chevrolet',
      year: 2025,
      reference: 'C81C-6061-6136',
      enrolledName: 'Greater Chicago Chevrolet Dealers',
      url: `${BASE}/chevy/enrollment/status/${TOKEN}`,
      expires: new Date('2026-11-28T00:00:00Z'),
      ...support,
    }),
    "'Lost the mail?'": lostLinksMail({
      year: 2025,
      links: [
        {
          reference: 'C81C-6061-6136',
          url: `${BASE}/chevy/enrollment/status/${TOKEN}`,
          expires: new Date('2026-11-28T00:00:00Z'),
        },
      ],
      ...support,
    }),
    'the saved form': draftSavedMail({
      brandName: 'Chevrolet',
      year: 2025,
      type: 'Lma',
      url: `${BASE}/chevy/enrollment/lma?draft=${TOKEN}`,
      expiresAt: new Date('2026-11-28T00:00:00Z'),
      ...support,
    }),
  }

  it.each(Object.entries(mails))(
    'shows the address of %s as text that breaks anywhere',
    (_name, mail) => {
      const anchors = addressAnchors(mail.html)
      expect(anchors.length).toBeGreaterThan(0)
      for (const anchor of anchors) {
        expect(anchor.text).toContain(TOKEN)
        expect(anchor.style).toContain('word-break:break-all')
        expect(anchor.style).toContain('overflow-wrap:anywhere')
      }
    },
  )

  it('lets a value of the facts (a long email address) wrap inside its cell', () => {
    const mail = renderMail(
      'Subject',
      'Heading',
      [{ facts: [['Email', `${'a'.repeat(60)}@example.com`]] }],
      'Footer',
    )
    expect(mail.html).toMatch(
      /<td style="[^"]*overflow-wrap:anywhere[^"]*">a{60}@example\.com<\/td>/,
    )
  })
})
