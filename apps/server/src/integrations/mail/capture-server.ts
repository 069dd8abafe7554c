import PostalMime, { type Address } from 'postal-mime'
import { SMTPServer } from 'smtp-server'
import type { Database } from '../../db/client'
import { capturedEmails } from '../../db/schema'

// The local stand-in for a mail relay: an SMTP server on loopback that stores every message it
// receives in the database (captured_emails), so a newcomer can open the password reset link
// from the dev mailbox and tests can read what was sent. Never started in production.

export type MailCapture = { url: string; close(): Promise<void> }

const MAX_MESSAGE_BYTES = 10 * 1024 * 1024

function formatAddress(address: Address | undefined): string {
  if (!address) return ''
  if ('group' in address && address.group)
    return address.group.map((member) => member.address).join(', ')
  return address.name ? `${address.name} <${address.address}>` : address.address
}

/** Every http(s) link of the message, in order of appearance, once each. */
export function extractLinks(html: string | undefined, text: string | undefined): string[] {
  const found: string[] = []
  for (const match of (html ?? '').matchAll(/href\s*=\s*["']([^"']+)["']/gi)) {
    found.push(match[1]!.replace(/&amp;/g, '&'))
  }
  for (const match of (text ?? '').matchAll(/https?:\/\/[^\s<>"')\]]+/g)) found.push(match[0])
  return [...new Set(found.filter((link) => /^https?:\/\//i.test(link)))]
}

export async function startMailCapture(options: {
  db: Database
  onError?: (error: unknown) => void
}): Promise<MailCapture> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    disableReverseLookup: true,
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('error', callback)
      stream.on('end', () => {
        void (async () => {
          const email = await PostalMime.parse(Buffer.concat(chunks))
          // the envelope is who the message was really delivered to (Bcc included)
          const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase())
          await options.db.insert(capturedEmails).values({
            messageId: email.messageId ?? null,
            from: formatAddress(email.from),
            to: recipients,
            subject: email.subject ?? '',
            text: email.text ?? '',
            html: email.html ?? null,
            links: extractLinks(email.html, email.text),
          })
        })().then(
          () => callback(),
          (error: unknown) => {
            options.onError?.(error)
            callback(error instanceof Error ? error : new Error(String(error)))
          },
        )
      })
    },
  })

  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address()
      if (address && typeof address === 'object') resolve(address.port)
      else reject(new Error('mail capture server did not get a TCP port'))
    })
  })

  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
