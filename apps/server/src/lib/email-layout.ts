// Every email shares one branded frame (HTML with inline styles, as mail clients need, plus a
// plain-text part). Templates are small typed functions returning subject, html and text.

/** An email ready to send (integrations/mail sends it). */
export type OutgoingEmail = { to: string; subject: string; html: string; text: string }

export const BRAND = 'Tradepeak'

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

export type EmailContent = {
  subject: string
  /** Paragraphs of plain text; escaped for HTML. */
  paragraphs: string[]
  action?: { label: string; url: string }
  /** A closing line under the button, e.g. why the reader got this email. */
  footnote?: string
}

export function renderEmail(to: string, content: EmailContent): OutgoingEmail {
  const { subject, paragraphs, action, footnote } = content
  const htmlParagraphs = paragraphs
    .map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`)
    .join('')
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;background:#0f766e;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">If the button does not work, paste this address into your browser:<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>`
    : ''
  const note = footnote
    ? `<p style="margin:24px 0 0;font-size:13px;color:#777">${escapeHtml(footnote)}</p>`
    : ''
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="margin:0 0 24px;font-size:22px;color:#0f766e">${BRAND}</h1>
${htmlParagraphs}${button}${note}
</div></body></html>`
  const text = [
    BRAND,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...(footnote ? [footnote] : []),
  ]
    .join('\n')
    .trim()
  return { to, subject, html, text }
}
