import type { FastifyPluginAsync } from 'fastify'
import { refuseForeignHosts } from '../http/dev-tools-host.js'
import type { DevMailbox, ReceivedMail } from './dev-mailbox.js'
import { escapeHtml } from './escape-html.js'

/** /dev/mail: what the in-process SMTP server received, with clickable links. Never in production. */
export function devMailRoutes(mailbox: DevMailbox): FastifyPluginAsync {
  return async (app) => {
    app.addHook('onRequest', refuseForeignHosts(app.config.PUBLIC_URL))
    app.get('/dev/mail/messages.json', async () => mailbox.messages())

    app.get('/dev/mail', async (_request, reply) => {
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
      return page(mailbox.messages())
    })

    app.get<{ Params: { id: string; index: string } }>(
      '/dev/mail/:id/attachments/:index',
      async (request, reply) => {
        const id = Number(request.params.id)
        const index = Number(request.params.index)
        const mail = mailbox.messages().find((message) => message.id === id)
        const attachment = mail?.attachments[index]
        const content = mailbox.attachmentContent(id, index)
        if (!attachment || !content)
          return reply.code(404).type('text/plain').send('No such attachment')
        return reply
          .type(attachment.contentType)
          .header(
            'content-disposition',
            `attachment; filename="${attachment.filename.replace(/[^\w.-]/g, '_')}"`,
          )
          .send(Buffer.from(content))
      },
    )

    app.get<{ Params: { id: string } }>('/dev/mail/:id/html', async (request, reply) => {
      const mail = mailbox.messages().find((message) => String(message.id) === request.params.id)
      if (!mail) return reply.code(404).type('text/plain').send('No such mail')
      reply
        .type('text/html; charset=utf-8')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'",
        )
      return mail.html || `<pre>${escapeHtml(mail.text)}</pre>`
    })
  }
}

function page(messages: readonly ReceivedMail[]): string {
  const items = messages.map(
    (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p>To ${escapeHtml(mail.to.join(', '))} · from ${escapeHtml(mail.from)} · ${escapeHtml(mail.receivedAt)}
  · <a href="/dev/mail/${mail.id}/html">view as HTML</a>${mail.attachments.map((a, index) => ` · attachment <a href="/dev/mail/${mail.id}/attachments/${index}">${escapeHtml(a.filename)}</a> (${a.size} bytes)`).join('')}</p>
  <pre>${linkify(escapeHtml(mail.text))}</pre>
</article>`,
  )
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dev mailbox - Dealer Funded POS Program</title></head>
<body><main><h1>Dev mailbox</h1>
<p>${messages.length} message(s) received by the in-process SMTP server, newest first. Reload to refresh.</p>
${items.join('\n') || '<p>No mail yet.</p>'}
</main></body></html>`
}

function linkify(escaped: string): string {
  return escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
}
