// The MetaApi fake's control page (GET /control): every broker account it knows, with forms to
// set an account's equity and to add a closed trade, so a newcomer can watch the live risk of a
// MetaApi account locally; the risk-management trackers of its MetaApi accounts and the latest
// tracker events (an equity set past a tracker's threshold makes one, which the app's stream
// consumer reads at once: decision 0048); and a form to make the next API calls fail (429 with
// Retry-After by default). Plain HTML and a few lines of script posting JSON to /control/*.

export type ControlPageAccount = {
  server: string
  login: string
  platform: 'mt4' | 'mt5'
  name: string
  balanceCents: number
  equityCents: number
  positions: readonly unknown[]
}

export type ControlPageRisk = {
  trackers: readonly {
    login: string
    name: string
    period: string
    absoluteDrawdownThreshold?: number
    absoluteProfitThreshold?: number
    startCents: number
  }[]
  events: readonly {
    sequenceNumber: number
    brokerTime: string
    exceededThresholdType: string
    absoluteDrawdown: number
    absoluteProfit: number
    trackerId: string
    accountId: string
  }[]
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  )

const money = (cents: number) => (cents / 100).toFixed(2)

export function renderMetaApiControlPage(
  accounts: readonly ControlPageAccount[],
  risk: ControlPageRisk = { trackers: [], events: [] },
): string {
  const trackerRows = risk.trackers
    .map(
      (t) =>
        `<tr><td>${escapeHtml(t.login)}</td><td>${escapeHtml(t.name)}</td><td>${escapeHtml(t.period)}</td><td>${money(t.startCents)}</td><td>${t.absoluteDrawdownThreshold ?? ''}</td><td>${t.absoluteProfitThreshold ?? ''}</td></tr>`,
    )
    .join('\n')
  const eventRows = risk.events
    .map(
      (e) =>
        `<tr><td>${e.sequenceNumber}</td><td>${escapeHtml(e.brokerTime)}</td><td>${escapeHtml(e.exceededThresholdType)}</td><td>${e.absoluteDrawdown.toFixed(2)}</td><td>${e.absoluteProfit.toFixed(2)}</td><td>${escapeHtml(e.accountId)}</td></tr>`,
    )
    .join('\n')
  const rows = accounts
    .map((account) => {
      const login = escapeHtml(account.login)
      return `<tr><td>${escapeHtml(account.server)}</td><td>${login}</td><td>${account.platform.toUpperCase()}</td>
<td>${escapeHtml(account.name)}</td><td>${money(account.balanceCents)}</td><td>${money(account.equityCents)}</td><td>${account.positions.length}</td>
<td><form data-action="equity"><input type="hidden" name="login" value="${login}"><label>Equity <input name="equity" type="number" step="0.01" required value="${money(account.equityCents)}"></label> <button>Set</button></form></td>
<td><form data-action="trade"><input type="hidden" name="login" value="${login}"><label>Profit <input name="profit" type="number" step="0.01" required value="100.00"></label> <button>Add closed trade</button></form></td></tr>`
    })
    .join('\n')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>MetaApi (local fake): control</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;margin:1rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3rem .5rem;text-align:left}</style></head>
<body><h1>MetaApi local fake</h1>
<p>Broker accounts behind the fake MetaApi. Setting the equity or adding a closed trade is seen by the app's poller within about 2 seconds.</p>
<table><thead><tr><th>Server</th><th>Login</th><th>Platform</th><th>Name</th><th>Balance</th><th>Equity</th><th>Positions</th><th>Equity</th><th>Trade</th></tr></thead>
<tbody>${rows}</tbody></table>
<h2>Risk management trackers</h2>
<p>Each MetaApi account of the firm has a daily-loss, a max-loss and a profit-target tracker. Setting an equity past one makes a tracker event, which the app reads at once (no wait for the poll).</p>
<table><thead><tr><th>Login</th><th>Tracker</th><th>Period</th><th>Period start</th><th>Drawdown threshold</th><th>Profit threshold</th></tr></thead>
<tbody>${trackerRows}</tbody></table>
<h2>Latest tracker events</h2>
<table><thead><tr><th>#</th><th>Broker time</th><th>Exceeded</th><th>Drawdown</th><th>Profit</th><th>MetaApi account</th></tr></thead>
<tbody>${eventRows}</tbody></table>
<h2>Faults</h2>
<form data-action="fault"><label>Status <input name="status" type="number" value="429"></label> <label>Count <input name="count" type="number" value="1"></label> <label>Retry-After (s) <input name="retryAfterSeconds" type="number" value="5"></label> <label>Path prefix <input name="path" value="/users/current/tracker-events/stream"></label> <button>Fail the next calls</button></form>
<p role="status" id="result"></p>
<script>
document.querySelectorAll('form[data-action]').forEach(function (form) {
  form.addEventListener('submit', function (event) {
    event.preventDefault()
    var body = Object.fromEntries(new FormData(form))
    fetch('/control/' + form.dataset.action, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (response) { return response.json().then(function (json) { document.getElementById('result').textContent = response.ok ? 'Done.' : json.message; if (response.ok) location.reload() }) })
  })
})
</script></body></html>`
}
