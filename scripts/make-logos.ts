/**
 * Renders the brand wordmarks in web/public/images/logos with headless Chromium.
 * Run after changing a brand's look: npx tsx scripts/make-logos.ts
 */
import { chromium } from '@playwright/test'

const WORDMARKS = [
  {
    key: 'chevy',
    text: 'CHEVROLET',
    color: '#cd9834',
    font: '700 38px/48px Arial, sans-serif',
    spacing: '3px',
  },
  {
    key: 'gm',
    text: 'GM',
    color: '#ffffff',
    font: '700 40px/48px Arial, sans-serif',
    spacing: '1px',
  },
]

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
})
const page = await browser.newPage({ viewport: { width: 320, height: 96 }, deviceScaleFactor: 1 })
for (const mark of WORDMARKS) {
  // Every logo is 320 x 96 (shown at 160 x 48), so pages can reserve its box before it loads.
  // The mark starts at the image's left edge, so it lines up with the text below the header.
  await page.setContent(
    `<body style="margin:0;background:transparent"><div id="m" style="width:320px;height:96px;display:flex;align-items:center"><span style="font:${mark.font};font-size:${mark.key === 'gm' ? 80 : 46}px;line-height:96px;letter-spacing:${mark.spacing};color:${mark.color}">${mark.text}</span></div></body>`,
  )
  await page
    .locator('#m')
    .screenshot({ path: `web/public/images/logos/${mark.key}.png`, omitBackground: true })
}
await browser.close()
