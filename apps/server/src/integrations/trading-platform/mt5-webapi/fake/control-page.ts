// The fake MT5 server's control page (/control): every account on it with its balance and equity,
// a form to move an account's equity (its floating profit), open a position and close one at a
// profit, place a pending order, so a newcomer can watch live risk react on an "MT5" account locally.

export type ControlAccount = {
  login: number
  group: string
  name: string
  balance: string
  equity: string
  isTradingDisabled: boolean
  positions: { ticket: number; symbol: string; side: string; lots: number; profit: string }[]
  orders: { ticket: number; symbol: string; type: string; lots: number; price: string }[]
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  )

export function renderControlPage(data: { notice: string; accounts: ControlAccount[] }): string {
  const rows = data.accounts
    .map((account) => {
      const positions = account.positions
        .map(
          (
            position,
          ) => `<li>#${position.ticket} ${escape(position.symbol)} ${position.side} ${position.lots} lots, profit ${position.profit}
  <form method="post" action="/control/close" class="inline">
    <input type="hidden" name="ticket" value="${position.ticket}">
    <label>Close at profit <input name="profit" value="${position.profit}" inputmode="decimal" size="9"></label>
    <button type="submit">Close</button>
  </form></li>`,
        )
        .join('')
      const orders = account.orders
        .map(
          (order) =>
            `<li>Order #${order.ticket} ${escape(order.symbol)} ${order.type} ${order.lots} lots at ${order.price}</li>`,
        )
        .join('')
      return `<section aria-labelledby="acc-${account.login}">
  <h2 id="acc-${account.login}">Login ${account.login} <small>${escape(account.name)} · ${escape(account.group)}</small></h2>
  <p>Balance ${account.balance} · Equity <strong>${account.equity}</strong> · Trading ${account.isTradingDisabled ? '<strong>disabled</strong>' : 'enabled'}</p>
  <form method="post" action="/control/equity">
    <input type="hidden" name="login" value="${account.login}">
    <label>Set equity to <input name="equity" value="${account.equity}" inputmode="decimal" size="12" required></label>
    <button type="submit">Set equity</button>
  </form>
  <form method="post" action="/control/open">
    <input type="hidden" name="login" value="${account.login}">
    <label>Symbol <input name="symbol" value="EURUSD" size="8" required></label>
    <label>Side <select name="side"><option value="buy">buy</option><option value="sell">sell</option></select></label>
    <label>Lots <input name="lots" value="0.10" inputmode="decimal" size="5" required></label>
    <button type="submit">Open position</button>
  </form>
  <form method="post" action="/control/order">
    <input type="hidden" name="login" value="${account.login}">
    <label>Order symbol <input name="symbol" value="EURUSD" size="8" required></label>
    <label>Order type <select name="type"><option value="buy-limit">buy limit</option><option value="sell-limit">sell limit</option><option value="buy-stop">buy stop</option><option value="sell-stop">sell stop</option></select></label>
    <label>Order lots <input name="lots" value="0.10" inputmode="decimal" size="5" required></label>
    <label>Price <input name="price" value="1.05000" inputmode="decimal" size="9" required></label>
    <button type="submit">Place pending order</button>
  </form>
  ${positions ? `<ul>${positions}</ul>` : '<p>No open positions.</p>'}
  ${orders ? `<ul aria-label="Pending orders of ${account.login}">${orders}</ul>` : '<p>No pending orders.</p>'}
</section>`
    })
    .join('\n')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Fake MT5 server: control</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;padding:16px;max-width:900px;color:#111}
section{border:1px solid #ccc;border-radius:8px;padding:12px;margin:12px 0}
form{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:6px 0}
form.inline{display:inline-flex}
input,select,button{font:inherit;padding:4px 8px}
button{cursor:pointer}
small{color:#555;font-weight:normal}
[role=status]{background:#eef6ff;padding:8px;border-radius:6px}
</style></head>
<body><main>
<h1>Fake MT5 server (local development)</h1>
<p>Accounts created through the MT5 Web API adapter appear here. Move an account's equity below its
daily or maximum loss floor and the app's risk monitor fails it within about two seconds.</p>
${data.notice ? `<p role="status">${escape(data.notice)}</p>` : ''}
${rows || '<p>No accounts yet: buy a challenge with TRADING_PLATFORM=mt5-webapi.</p>'}
<p><a href="/control">Refresh</a></p>
</main></body></html>`
}
