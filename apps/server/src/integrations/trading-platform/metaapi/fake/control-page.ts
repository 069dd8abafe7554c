// The MetaApi fake's control page (GET /control): every broker account it knows, with forms to
// set an account's equity and to add a closed trade, so a newcomer can watch the live risk of a
// MetaApi account locally. Plain HTML and a few lines of script posting JSON to /control/*.

export type ControlPageAccount = {
  server: string
  login: string
  platform: 'mt4' | 'mt5'
  name: string
  balanceCents: number
  equityCents: number
  positions: readonly unknown[]
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  )

const money = (cents: number) => (cents / 100).toFixed(2)

export function renderMetaApiControlPage(accounts: readonly ControlPageAccount[]): string {
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
