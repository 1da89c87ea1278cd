import type { AttachmentRender, MailAttachment } from '../db/schema.js'

/**
 * How the worker draws each kind of attachment it draws at sending time, given by the folder
 * that owns the kind (app.ts wires them: the invoice PDF is server/invoice/'s).
 */
export type AttachmentRenderers = {
  [Kind in AttachmentRender['kind']]: (
    render: Extract<AttachmentRender, { kind: Kind }>,
  ) => Promise<Buffer>
}

/** The bytes of an outbox attachment: stored ones as they are, a drawn one drawn now. */
export async function attachmentBytes(
  attachment: MailAttachment,
  renderers: AttachmentRenderers,
): Promise<Buffer> {
  if (attachment.render === undefined) return Buffer.from(attachment.content, 'base64')
  return renderers[attachment.render.kind](attachment.render)
}
