import { expect, type APIRequestContext } from '@playwright/test'

/** The demo admin seeded by the server (apps/server/src/config/env.ts). */
export const demoAdmin = { email: 'admin@tradepeak.test', password: 'Admin-demo-2024' }
export const demoTrader = { email: 'trader@tradepeak.test', password: 'Trader-demo-2024' }

let counter = 0
/** A fresh address per call, unique across workers and runs. */
export function uniqueEmail(label = 'trader'): string {
  counter += 1
  const random = Math.random().toString(36).slice(2, 8)
  return `${label}-${process.pid}-${counter}-${random}@example.test`
}

export async function registerUser(
  request: APIRequestContext,
  email = uniqueEmail(),
  password = 'correct-horse-1',
): Promise<{ email: string; password: string }> {
  const response = await request.post('/api/auth/register', { data: { email, password } })
  expect(response.status(), await response.text()).toBe(201)
  return { email, password }
}

export async function loginToken(
  request: APIRequestContext,
  credentials: { email: string; password: string },
): Promise<string> {
  const response = await request.post('/api/auth/login', { data: credentials })
  expect(response.status(), await response.text()).toBe(200)
  return ((await response.json()) as { token: string }).token
}

interface MailSummary {
  id: string
  to: string[]
  subject: string
  links: string[]
}

/** Waits for the app's captured mail to hold a message to `to` whose subject matches. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
): Promise<MailSummary> {
  const token = await loginToken(request, demoAdmin)
  let found: MailSummary | undefined
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/mailbox', {
          headers: { authorization: `Bearer ${token}` },
        })
        const body = (await response.json()) as { data: MailSummary[] }
        found = body.data.find(
          (m) =>
            m.to.some((address) => address.toLowerCase().includes(to.toLowerCase())) &&
            subject.test(m.subject),
        )
        return !!found
      },
      { timeout: 20_000, message: `mail to ${to} matching ${subject}` },
    )
    .toBe(true)
  return found!
}
