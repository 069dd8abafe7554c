import { expect, test } from '@playwright/test'
import { loginToken, registerUser } from '../support/api'
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  signIn,
  toast,
} from '../support/pages'
import { createScenarioAccount, playPricePath } from '../support/scenarios'

// Certificates (issue 13 items 1-3): a trader passes phase 2 through the scenario driver; the
// "Funded Trader" certificate appears on /user/certificates with its downloads and share link,
// and the public /certificate page verifies it (with its Open Graph image served with the page);
// a tampered hash is "not a valid certificate", never an error page.

test('passing phase 2 issues a certificate that the trader sees and anyone can verify', async ({
  page,
  request,
  context,
}) => {
  const trader = await registerUser(request)
  // five past trading days of +$900: $4,500 of phase 2's $5,000 target
  const account = await createScenarioAccount(request, {
    email: trader.email,
    stage: 'phase2',
    startDaysAgo: 7,
    trades: [6, 5, 4, 3, 2].map((daysAgo) => ({
      symbol: 'BTCUSD',
      side: 'buy' as const,
      volume: '1.00',
      openPrice: '65000.00',
      closePrice: '65900.00',
      openDaysAgo: daysAgo,
      durationMinutes: 90,
    })),
  })
  const btc = (price: string) =>
    playPricePath(
      request,
      account.id,
      { symbol: 'BTCUSD', waypoints: [{ offsetMs: 0, price }] },
      'instant',
    )
  const auth = { authorization: `Bearer ${await loginToken(request, trader)}` }
  await btc('65000.00')
  const placed = await request.post(`/api/trading/accounts/${account.id}/orders`, {
    headers: auth,
    data: { symbol: 'BTCUSD', type: 'buy', volume: '1.00' },
  })
  expect(placed.status(), await placed.text()).toBe(201)
  const { position } = (await placed.json()) as { position: { id: string } }
  await btc('66000.00')
  const closed = await request.post(
    `/api/trading/accounts/${account.id}/positions/${position.id}/close`,
    { headers: auth, data: {} },
  )
  expect(closed.status(), await closed.text()).toBe(200)

  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signIn(page, trader)
  await expect(page).toHaveURL(/\/user\/dashboard$/)
  // the certificate is issued by a job within moments of the pass
  await expect(async () => {
    await page.goto('/user/certificates')
    await expect(page.getByRole('img', { name: /^Certificate: Funded Trader/ })).toBeVisible({
      timeout: 2_000,
    })
  }).toPass({ timeout: 30_000 })
  const card = page.getByRole('listitem').filter({ hasText: 'Funded Trader' })
  await expect(card).toContainText('Two Phase')
  await expect(card).toContainText('$100,000')
  await expectNoSeriousA11yViolations(page)

  const pdfHref = await card.getByRole('link', { name: /Download PDF/ }).getAttribute('href')
  const pdf = await request.get(pdfHref!)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')

  await card.getByRole('button', { name: /Copy link/ }).click()
  await expect(toast(page, 'Certificate link copied.')).toBeVisible()
  const link = await page.evaluate(() => navigator.clipboard.readText())
  const hash = new URL(link).searchParams.get('hash')!
  expect(hash).toMatch(/^[0-9a-f]{64}$/)

  // a phone: one column, nothing wider than the screen
  await page.setViewportSize({ width: 375, height: 800 })
  await expect(card).toBeVisible()
  await expectNoHorizontalScroll(page)
  await page.setViewportSize({ width: 1280, height: 800 })

  // the public page, signed out as anyone would open a shared link
  await context.clearCookies()
  await page.evaluate(() => window.localStorage.clear())
  await page.goto(link)
  await expect(page.getByText('Verified certificate')).toBeVisible()
  await expect(page.getByRole('img', { name: /^Certificate: Funded Trader/ })).toBeVisible()
  await expect(page.getByText('Two Phase')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  const shared = await request.get(`/certificate?hash=${hash}`)
  const html = await shared.text()
  expect(html).toContain(`/api/certificates/${hash}/certificate.png`)
  expect(html).toMatch(/<meta property="og:image" content="[^"]+\/certificate\.png">/)
  const image = await request.get(`/api/certificates/${hash}/certificate.png`)
  expect(image.headers()['content-type']).toBe('image/png')
  expect(image.headers()['cache-control']).toContain('immutable')

  // one character changed: not a valid certificate (404 from the API), not an error page
  const tampered = `${hash.slice(0, -1)}${hash.endsWith('0') ? '1' : '0'}`
  expect((await request.get(`/api/certificates/${tampered}`)).status()).toBe(404)
  await page.goto(`/certificate?hash=${tampered}`)
  await expect(page.getByText('This is not a valid certificate.')).toBeVisible()
  await expect(page.getByText('Verified certificate')).toHaveCount(0)
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
  await page.setViewportSize({ width: 375, height: 800 })
  await expectNoHorizontalScroll(page)
})
