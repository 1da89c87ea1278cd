import { escapeHtml } from '../escape-html.js'

export interface MailContent {
  subject: string
  html: string
  text: string
}

export interface MailBlock {
  /** A paragraph of plain text (escaped in HTML). */
  paragraph?: string
  /** A call to action: a button in HTML, a bare URL in text. */
  link?: { label: string; url: string }
  /** Label/value rows. */
  facts?: Array<[string, string]>
  /** An address: a bold heading over lines kept apart. */
  lines?: { heading: string; lines: string[] }
}

/**
 * A link's address, shown as text: it breaks anywhere rather than widening the mail past a
 * phone's screen (`word-break` for the mail programs that know no `overflow-wrap: anywhere`).
 */
const BREAK_ANYWHERE = 'word-break:break-all;overflow-wrap:anywhere'

/**
 * A value that may hold a word longer than a phone's line (an email address): it wraps at its
 * spaces, and breaks inside a word only where one word is longer than the line.
 */
const BREAK_LONG_WORDS = 'overflow-wrap:anywhere;word-break:break-word'

/** One look for every mail: a heading, blocks, a footer; user text is escaped in the HTML part. */
export function renderMail(
  subject: string,
  heading: string,
  blocks: MailBlock[],
  footer: string,
): MailContent {
  const htmlBlocks = blocks.map((block) => {
    if (block.paragraph !== undefined)
      return `<p style="margin:0 0 16px">${escapeHtml(block.paragraph)}</p>`
    if (block.lines) {
      const lines = block.lines.lines.map(escapeHtml).join('<br>')
      return `<p style="margin:0 0 16px"><strong>${escapeHtml(block.lines.heading)}</strong><br>${lines}</p>`
    }
    if (block.link) {
      return `<p style="margin:0 0 16px"><a href="${escapeHtml(block.link.url)}" style="display:inline-block;background:#0b5cad;color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none;font-weight:bold">${escapeHtml(block.link.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#4f5b6b">Or open this address: <a href="${escapeHtml(block.link.url)}" style="${BREAK_ANYWHERE}">${escapeHtml(block.link.url)}</a></p>`
    }
    const rows = (block.facts ?? [])
      .map(
        ([label, value]) =>
          `<tr><th align="left" style="padding:4px 12px 4px 0;color:#4f5b6b;font-weight:normal">${escapeHtml(label)}</th><td style="padding:4px 0;${BREAK_LONG_WORDS}">${escapeHtml(value)}</td></tr>`,
      )
      .join('')
    return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows}</table>`
  })
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f3f5f8;font-family:Arial,Helvetica,sans-serif;color:#1c2430;line-height:1.5">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border:1px solid #d5dbe3;border-radius:6px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
${htmlBlocks.join('\n')}
<p style="margin:24px 0 0;font-size:13px;color:#4f5b6b">${escapeHtml(footer)}</p>
</div></body></html>`
  const textBlocks = blocks.map((block) => {
    if (block.paragraph !== undefined) return block.paragraph
    if (block.lines) return [`${block.lines.heading}:`, ...block.lines.lines].join('\n')
    if (block.link) return `${block.link.label}:\n${block.link.url}`
    return (block.facts ?? []).map(([label, value]) => `${label}: ${value}`).join('\n')
  })
  const text = [heading, ...textBlocks, footer].join('\n\n')
  return { subject: literalHeaderText(subject), html, text }
}

/**
 * A subject holds names people typed. An RFC 2047 encoded word among them ('=?utf-8?q?...?=')
 * would be decoded by the reader's mail program into whatever text it hides; a word joiner
 * after the '=' keeps it literal (and makes the mailer encode that word itself).
 */
export function literalHeaderText(value: string): string {
  return value.replaceAll('=?', '=\u2060?')
}
