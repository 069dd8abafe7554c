import type { FakeOxaPayPayment, FakePaymentStatus } from './oxapay-fake'

// The fake's own page (GET /): the payments it holds, with buttons that move one as a payer and
// OxaPay would (the money seen, confirmed, short, too late) and send the signed callback. For
// trying the crypto checkout by hand and for browser journeys; the real OxaPay has no such page.

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

export function renderSandboxPage(
  payments: readonly FakeOxaPayPayment[],
  movesOf: (status: FakePaymentStatus) => readonly FakePaymentStatus[],
): string {
  const rows = payments
    .map((payment) => {
      const buttons = movesOf(payment.status)
        .map(
          (status) =>
            `<form method="post" action="/__control/payments/${encodeURIComponent(payment.trackId)}/move">` +
            `<input type="hidden" name="status" value="${status}">` +
            `<button type="submit">Mark ${status}</button></form>`,
        )
        .join('')
      return (
        `<tr><td>${escape(payment.trackId)}</td><td>${escape(payment.description)}</td>` +
        `<td>${escape(payment.amount)} ${escape(payment.currency)}</td>` +
        `<td>${escape(payment.payAmount)} ${escape(payment.payCurrency)} (${escape(payment.network.code)})</td>` +
        `<td>${escape(payment.status)}</td><td class="actions">${buttons}</td></tr>`
      )
    })
    .join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>OxaPay sandbox (local fake)</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;background:#0b1220;color:#e2e8f0}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #334155;padding:.5rem;text-align:left;vertical-align:top}.actions form{display:inline}
button{margin:.1rem;padding:.35rem .6rem;border-radius:.35rem;border:1px solid #2dd4bf;background:#134e4a;color:#ecfeff;cursor:pointer}</style></head>
<body><h1>OxaPay sandbox</h1><p>A local stand-in for OxaPay: move a payment as the payer's wallet and OxaPay would; the signed callback goes to the app at once.</p>
<table><thead><tr><th>Track id</th><th>Order</th><th>Price</th><th>To pay</th><th>Status</th><th>Move to</th></tr></thead>
<tbody>${rows || '<tr><td colspan="6">No payment yet: open one from the crypto checkout.</td></tr>'}</tbody></table></body></html>`
}
