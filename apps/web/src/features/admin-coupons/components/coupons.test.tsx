import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { Settings } from 'luxon'
import { afterEach, describe, expect, it } from 'vitest'
import { adminReasonMessages, couponsResponseSchema, type CouponDto } from '@tp/api'
import { json, makeUser, mockApi, type Handler } from '@/testing/mock-api'
import { renderApp } from '@/testing/render-app'
import { couponFormMessages } from '../api/create-coupon'

const admin = makeUser({ id: 'admin-1', email: 'admin@example.com', role: 'admin' })

// structure only (labels, roles, names): jsdom cannot judge colours
async function seriousViolations() {
  const results = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  })
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`)
}

function makeCoupon(overrides: Partial<CouponDto> = {}): CouponDto {
  return {
    id: '7a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    code: 'SUMMER10',
    kind: 'percent',
    value: 10,
    expiresAt: null,
    maxUses: null,
    uses: 0,
    isActive: true,
    challenges: null,
    minimumSubtotalCents: null,
    createdAt: '2025-06-01T09:00:00.000Z',
    ...overrides,
  }
}

const summer = makeCoupon({ uses: 3, maxUses: 100 })
const fixed = makeCoupon({
  id: '8b2e3d4c-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
  code: 'TWENTYOFF',
  kind: 'fixed',
  value: 2000,
  expiresAt: '2025-01-31T15:00:00.000Z',
  challenges: ['instantFund'],
  minimumSubtotalCents: 50_000,
  isActive: false,
})

function couponsAnswer(coupons: CouponDto[]) {
  return json(200, couponsResponseSchema.parse({ coupons }))
}

function openPage(handlers: Record<string, Handler> = {}, coupons?: Handler) {
  const api = mockApi(
    {
      'GET /api/admin/coupons': coupons ?? (() => couponsAnswer([summer, fixed])),
      ...handlers,
    },
    { user: admin },
  )
  const app = renderApp('/admin/coupons', { user: admin })
  return { api, app }
}

async function rowOf(code: string) {
  const cell = await screen.findByRole('cell', { name: code })
  return cell.closest('tr')!
}

const defaultZone = Settings.defaultZone
afterEach(() => {
  Settings.defaultZone = defaultZone
})

describe('admin coupons: list', () => {
  it('shows each coupon with its value, uses, expiry, challenges, minimum and state', async () => {
    Settings.defaultZone = 'Asia/Tokyo'
    openPage()

    const first = within(await rowOf('SUMMER10')).getAllByRole('cell')
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Code',
      'Value',
      'Uses / max uses',
      'Expires',
      'Challenges',
      'Minimum subtotal',
      'Active',
    ])
    expect(first.slice(1, 6).map((cell) => cell.textContent)).toEqual([
      '10% off',
      '3 / 100',
      'Never',
      'All',
      'None',
    ])
    expect(screen.getByRole('switch', { name: 'Coupon SUMMER10 active' })).toBeChecked()

    const second = within(await rowOf('TWENTYOFF')).getAllByRole('cell')
    expect(second.slice(1, 6).map((cell) => cell.textContent)).toEqual([
      '$20.00 off',
      '0 / no limit',
      '2025-02-01 00:00Expired',
      'Instant Funding',
      '$500.00',
    ])
    expect(screen.getByRole('switch', { name: 'Coupon TWENTYOFF active' })).not.toBeChecked()
  })

  it('turns a coupon off with its switch once the reason is given, then reloads the list', async () => {
    const path = `PATCH /api/admin/coupons/${summer.id}`
    const { api, app } = openPage(
      {
        [path]: (call) =>
          json(200, { coupon: { ...summer, ...(call.body as { isActive: boolean }) } }),
      },
      (_call, index) => couponsAnswer(index === 0 ? [summer] : [{ ...summer, isActive: false }]),
    )
    const toggle = await screen.findByRole('switch', { name: 'Coupon SUMMER10 active' })

    await app.user.click(toggle)
    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate SUMMER10?' })
    await app.user.click(within(dialog).getByRole('button', { name: 'Deactivate' }))
    expect(await within(dialog).findByText(adminReasonMessages.tooShort)).toBeVisible()
    expect(api.callsTo(path)).toHaveLength(0)
    expect(toggle).toBeChecked()

    await app.user.type(within(dialog).getByLabelText('Reason'), 'Leaked on a coupon site')
    await app.user.click(within(dialog).getByRole('button', { name: 'Deactivate' }))

    expect(await screen.findByText('Coupon SUMMER10 deactivated.')).toBeInTheDocument()
    expect(api.callsTo(path).map((call) => call.body)).toEqual([
      { isActive: false, reason: 'Leaked on a coupon site' },
    ])
    await waitFor(() => expect(api.callsTo('GET /api/admin/coupons')).toHaveLength(2))
    expect(toggle).not.toBeChecked()
  })

  it("keeps the switch and toasts the server's reason when the change is refused", async () => {
    const path = `PATCH /api/admin/coupons/${summer.id}`
    const { app } = openPage(
      { [path]: () => json(404, { code: 'NOT_FOUND', message: 'No such coupon.' }) },
      () => couponsAnswer([summer]),
    )
    const toggle = await screen.findByRole('switch', { name: 'Coupon SUMMER10 active' })

    await app.user.click(toggle)
    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate SUMMER10?' })
    await app.user.type(within(dialog).getByLabelText('Reason'), 'Campaign over')
    await app.user.click(within(dialog).getByRole('button', { name: 'Deactivate' }))

    expect(await screen.findByText('No such coupon.')).toBeInTheDocument()
    await waitFor(() => expect(toggle).toBeChecked())
  })

  it('says so when there is no coupon yet', async () => {
    openPage({}, () => couponsAnswer([]))
    expect(await screen.findByText('No coupons yet')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('shows the reason when the coupons cannot be loaded', async () => {
    openPage({}, () =>
      json(403, {
        code: 'ADMIN_ONLY',
        message: "You don't have permission to access this resources.",
      }),
    )
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        "You don't have permission to access this resources.",
      ),
    )
  })
})

describe('admin coupons: create', () => {
  async function openForm(handlers: Record<string, Handler> = {}, coupons?: Handler) {
    const page = openPage(handlers, coupons)
    await rowOf('SUMMER10')
    await page.app.user.click(await screen.findByRole('button', { name: 'New coupon' }))
    const dialog = await screen.findByRole('dialog', { name: 'New coupon' })
    return { ...page, dialog }
  }

  it('shows the validation messages and sends nothing', async () => {
    const { api, app, dialog } = await openForm()

    await app.user.click(within(dialog).getByRole('button', { name: 'Create coupon' }))

    expect(
      await within(dialog).findByText('A coupon code has at least 3 characters.'),
    ).toBeVisible()
    expect(within(dialog).getByText(couponFormMessages.percent)).toBeVisible()
    expect(within(dialog).getByText(adminReasonMessages.tooShort)).toBeVisible()
    expect(within(dialog).getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true')
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true')
    expect(within(dialog).getByLabelText('Discount (%)')).toHaveAttribute('aria-invalid', 'true')

    await app.user.type(within(dialog).getByLabelText('Code'), 'bad code')
    await app.user.click(within(dialog).getByRole('radio', { name: 'Fixed amount off' }))
    await app.user.type(within(dialog).getByLabelText('Discount (USD)'), '19.999')
    await app.user.type(within(dialog).getByLabelText('Maximum uses'), '0')
    await app.user.click(within(dialog).getByRole('checkbox', { name: 'Two Phase' }))
    await app.user.click(within(dialog).getByRole('checkbox', { name: 'Instant Funding' }))
    await app.user.click(within(dialog).getByRole('button', { name: 'Create coupon' }))

    expect(
      await within(dialog).findByText('A coupon code may use letters, digits, - and _ only.'),
    ).toBeVisible()
    expect(within(dialog).getByText(couponFormMessages.fixed)).toBeVisible()
    expect(within(dialog).getByText(couponFormMessages.maxUses)).toBeVisible()
    expect(within(dialog).getByText(couponFormMessages.challenges)).toBeVisible()
    expect(api.callsTo('POST /api/admin/coupons')).toHaveLength(0)
  })

  it('sends a fixed amount typed in dollars as exact cents, then closes and reloads', async () => {
    Settings.defaultZone = 'Asia/Tokyo'
    const { api, app, dialog } = await openForm({
      'POST /api/admin/coupons': () => json(201, { coupon: makeCoupon({ code: 'CREATED' }) }),
    })

    await app.user.type(within(dialog).getByLabelText('Code'), 'flash-sale')
    await app.user.click(within(dialog).getByRole('radio', { name: 'Fixed amount off' }))
    await app.user.type(within(dialog).getByLabelText('Discount (USD)'), '19.99')
    await app.user.type(within(dialog).getByLabelText('Minimum subtotal (USD)'), '4.35')
    await app.user.type(within(dialog).getByLabelText('Maximum uses'), '250')
    fireEvent.change(within(dialog).getByLabelText('Expires'), {
      target: { value: '2099-12-31T23:59' },
    })
    await app.user.click(within(dialog).getByRole('checkbox', { name: 'Two Phase' }))
    await app.user.click(within(dialog).getByRole('switch', { name: 'Active' }))
    await app.user.type(within(dialog).getByLabelText('Reason'), 'Flash sale for the weekend')
    await app.user.click(within(dialog).getByRole('button', { name: 'Create coupon' }))

    expect(await screen.findByText('Coupon FLASH-SALE created.')).toBeInTheDocument()
    expect(api.callsTo('POST /api/admin/coupons').map((call) => call.body)).toEqual([
      {
        code: 'FLASH-SALE',
        kind: 'fixed',
        value: 1999,
        expiresAt: '2099-12-31T14:59:00.000Z',
        maxUses: 250,
        isActive: false,
        challenges: ['instantFund'],
        minimumSubtotalCents: 435,
        reason: 'Flash sale for the weekend',
      },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(api.callsTo('GET /api/admin/coupons')).toHaveLength(2))
  })

  it('sends a percent coupon for every challenge with no limits', async () => {
    const { api, app, dialog } = await openForm({
      'POST /api/admin/coupons': () => json(201, { coupon: makeCoupon({ code: 'CREATED' }) }),
    })

    await app.user.type(within(dialog).getByLabelText('Code'), 'WELCOME')
    await app.user.type(within(dialog).getByLabelText('Discount (%)'), '15')
    await app.user.type(within(dialog).getByLabelText('Reason'), 'Welcome offer')
    await app.user.click(within(dialog).getByRole('button', { name: 'Create coupon' }))

    await screen.findByText('Coupon WELCOME created.')
    expect(api.callsTo('POST /api/admin/coupons')[0]!.body).toEqual({
      code: 'WELCOME',
      kind: 'percent',
      value: 15,
      expiresAt: null,
      maxUses: null,
      isActive: true,
      challenges: null,
      minimumSubtotalCents: null,
      reason: 'Welcome offer',
    })
  })

  it('has no serious accessibility violation, also with errors shown', async () => {
    const { app, dialog } = await openForm()
    expect(await seriousViolations()).toEqual([])

    await app.user.click(within(dialog).getByRole('button', { name: 'Create coupon' }))
    await within(dialog).findByText('A coupon code has at least 3 characters.')
    expect(await seriousViolations()).toEqual([])
  })

  it.each([
    [
      'as the server answers it (422, detail on code)',
      () =>
        json(422, {
          code: 'VALIDATION_FAILED',
          message: 'A coupon with this code exists already.',
          details: [{ path: 'code', message: 'A coupon with this code exists already.' }],
        }),
    ],
    [
      'as a bare conflict (409)',
      () => json(409, { code: 'CONFLICT', message: 'A coupon with this code exists already.' }),
    ],
  ])('shows a duplicate code at the code field, %s', async (_case, answer) => {
    const { app, dialog } = await openForm({ 'POST /api/admin/coupons': answer })

    await app.user.type(within(dialog).getByLabelText('Code'), 'SUMMER10')
    await app.user.type(within(dialog).getByLabelText('Discount (%)'), '10')
    await app.user.type(within(dialog).getByLabelText('Reason'), 'Summer campaign')
    await app.user.click(within(dialog).getByRole('button', { name: 'Create coupon' }))

    expect(await within(dialog).findByText('A coupon with this code exists already.')).toBeVisible()
    expect(within(dialog).getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it("puts the server's field details on their fields, and other refusals on the form", async () => {
    let answer = json(422, {
      code: 'VALIDATION_FAILED',
      message: 'Too small',
      details: [{ path: 'minimumSubtotalCents', message: 'The minimum is too high.' }],
    })
    const { app, dialog } = await openForm({ 'POST /api/admin/coupons': () => answer })

    await app.user.type(within(dialog).getByLabelText('Code'), 'BIGSPENDER')
    await app.user.type(within(dialog).getByLabelText('Discount (%)'), '5')
    await app.user.type(within(dialog).getByLabelText('Minimum subtotal (USD)'), '100000')
    await app.user.type(within(dialog).getByLabelText('Reason'), 'Big spender offer')
    await app.user.click(within(dialog).getByRole('button', { name: 'Create coupon' }))

    expect(await within(dialog).findByText('The minimum is too high.')).toBeVisible()
    expect(within(dialog).getByLabelText('Minimum subtotal (USD)')).toHaveAttribute(
      'aria-invalid',
      'true',
    )

    answer = json(503, {
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service is not ready yet. Please try again in a moment.',
    })
    await app.user.click(within(dialog).getByRole('button', { name: 'Create coupon' }))
    expect(
      await within(dialog).findByText(
        'The service is not ready yet. Please try again in a moment.',
      ),
    ).toBeVisible()
  })
})
