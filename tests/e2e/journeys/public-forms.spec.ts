import { expect, test, type Page } from '@playwright/test'
import { demoAdmin, uniqueEmail, waitForMail } from '../support/api'
import {
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  expectWithinViewport,
  openLive,
  signIn,
  toast,
} from '../support/pages'

// The forms that reach the firm (issue 11 item 8, decision 0026): a contact message and a partner
// application arrive in the admin inbox and the mailbox (the firm's copy and the sender's
// acknowledgement), the admin answers one by email; a newsletter sign-up is confirmed and then
// unsubscribed through the emailed links. The forms wait out their minimum fill time themselves
// (the button shows its spinner until then): the journey waits for the outcome, never a clock.

const SUPPORT = 'support@tradepeak.io'
const contactSent = 'Message sent successfully! We will get back to you soon.'
const partnerApplied = 'You successfully applied!'

const pathOf = (link: string) => {
  const url = new URL(link)
  return url.pathname + url.search
}

async function openInbox(page: Page) {
  await signIn(page, demoAdmin)
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await page
    .getByRole('navigation', { name: 'Admin menu' })
    .getByRole('link', { name: 'Messages' })
    .click()
  await expect(page).toHaveURL(/\/admin\/messages$/)
}

test('contact and partner forms reach the admin inbox and the mailbox; an answer is emailed', async ({
  browser,
  page,
  request,
}) => {
  const run = Math.random().toString(36).slice(2, 8)
  const contactName = `Ada Contact ${run}`
  const contactEmail = uniqueEmail('contact')
  const partnerName = `Grace Partner ${run}`
  const partnerEmail = uniqueEmail('partner')

  await openLive(page, '/contact-us')
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible()
  await expect(page.getByText('within 12-24 hours, Monday to Friday')).toBeVisible()
  const contactForm = page.getByRole('form', { name: 'Contact us' })
  await contactForm.getByRole('button', { name: 'Send message' }).click()
  await expect(contactForm.getByText('This field is required').first()).toBeVisible()
  await contactForm.getByLabel('Full name').fill(contactName)
  await contactForm.getByLabel('Email').fill(contactEmail)
  await contactForm.getByLabel('Subject (optional)').fill('Question about payouts')
  await contactForm.getByLabel('Message').fill('When can I ask for my first payout?')
  await contactForm.getByRole('button', { name: 'Send message' }).click()
  await expect(toast(page, contactSent)).toBeVisible()
  await expect(contactForm.getByText(contactSent)).toBeVisible()
  await expect(contactForm.getByLabel('Full name')).toHaveValue('')
  await expect(contactForm.getByLabel('Message')).toHaveValue('')
  await expectNoSeriousA11yViolations(page)

  await openLive(page, '/become-a-partner')
  await expect(page.getByRole('heading', { level: 1, name: 'Become a Partner' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'What partners get' })).toBeVisible()
  const partnerForm = page.getByRole('form', { name: 'Partner application' })
  await partnerForm.getByLabel('Full name').fill(partnerName)
  await partnerForm.getByLabel('Email').fill(partnerEmail)
  await partnerForm.getByLabel('Social user name').fill('@grace')
  await partnerForm.getByLabel('Social link (optional)').fill('not a link')
  await partnerForm.getByLabel('Partnership type').selectOption('educator')
  await partnerForm.getByLabel('Message').fill('I teach a community of traders.')
  await partnerForm.getByRole('button', { name: 'Apply now' }).click()
  await expect(
    partnerForm.getByText('Please enter a valid link starting with https://'),
  ).toBeVisible()
  await partnerForm.getByLabel('Social link (optional)').fill('https://youtube.com/@grace')
  await partnerForm.getByRole('button', { name: 'Apply now' }).click()
  await expect(toast(page, partnerApplied)).toBeVisible()
  await expect(partnerForm.getByLabel('Full name')).toHaveValue('')
  await expectNoSeriousA11yViolations(page)

  // the mailbox: the firm's copy of each, and each sender's acknowledgement
  await waitForMail(request, SUPPORT, new RegExp(`Contact message from ${contactName}`))
  await waitForMail(request, SUPPORT, new RegExp(`Partner application from ${partnerName}`))
  await waitForMail(request, contactEmail, /We received your message/)
  await waitForMail(request, partnerEmail, /Your partner application/)

  // the admin inbox: both arrived; the partner filter shows the application only
  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await openInbox(admin)
  const rows = admin.getByTestId('inbox-row')
  await expect(rows.filter({ hasText: contactName })).toHaveCount(1)
  await expect(rows.filter({ hasText: partnerName })).toHaveCount(1)
  await expectNoSeriousA11yViolations(admin)
  await admin.getByLabel('Kind').selectOption('partner')
  await expect(admin).toHaveURL(/kind=partner/)
  await expect(rows.filter({ hasText: partnerName })).toHaveCount(1)
  await expect(rows.filter({ hasText: contactName })).toHaveCount(0)
  await admin.getByLabel('Kind').selectOption('')

  // open the contact message and answer it: emailed to the sender, the message answered
  await rows.filter({ hasText: contactName }).getByRole('link').click()
  await expect(admin.getByText('When can I ask for my first payout?')).toBeVisible()
  await expect(admin.getByTestId('message-status')).toHaveText('Open')
  await admin.getByLabel('Your answer').fill('From the dashboard, 14 days after your first trade.')
  await admin.getByRole('button', { name: 'Send answer' }).click()
  await expect(admin.getByTestId('message-status')).toHaveText('Answered')
  await expect(admin.getByRole('region', { name: 'Answers' })).toContainText('14 days after')
  await waitForMail(request, contactEmail, /^Re: Question about payouts/)
  await adminContext.close()
})

test('newsletter: subscribe, confirm by the emailed link, unsubscribe by the emailed link', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('reader')
  await openLive(page, '/contact-us')
  // the footer's e-mail field loads as the footer nears the screen
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded()
  const form = page.getByRole('form', { name: /^Newsletter/ }).first()
  await expect(form).toBeVisible()
  await form.getByLabel('Email address').fill(email)
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await expect(
    form.getByText(/confirm your subscription with the link we just emailed/),
  ).toBeVisible()
  await expect(form.getByLabel('Email address')).toHaveValue('')

  const confirmation = await waitForMail(request, email, /Confirm your subscription/)
  const confirmLink = confirmation.links.find((link) => link.includes('/newsletter/confirm?'))
  expect(confirmLink, 'the confirmation email links to the confirm page').toBeDefined()
  await openLive(page, pathOf(confirmLink!))
  await expect(page.getByTestId('newsletter-link-result')).toContainText(
    'Your subscription is confirmed',
  )
  await expectNoSeriousA11yViolations(page)

  const welcome = await waitForMail(request, email, /You are subscribed/)
  const unsubscribeLink = welcome.links.find((link) => link.includes('/newsletter/unsubscribe?'))
  expect(unsubscribeLink, 'every newsletter email has an unsubscribe link').toBeDefined()
  await openLive(page, pathOf(unsubscribeLink!))
  await expect(page.getByTestId('newsletter-link-result')).toContainText('You are unsubscribed')
  // one click, and a second click is harmless
  await page.reload()
  await expect(page.getByTestId('newsletter-link-result')).toContainText('You are unsubscribed')
})

test('the form pages fit a 360 px phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  for (const [path, formName, button] of [
    ['/contact-us', 'Contact us', 'Send message'],
    ['/become-a-partner', 'Partner application', 'Apply now'],
  ] as const) {
    await openLive(page, path)
    const form = page.getByRole('form', { name: formName })
    await expect(form).toBeVisible()
    await expectNoHorizontalScroll(page)
    await expectWithinViewport(page, form.getByRole('button', { name: button }))
  }
})
