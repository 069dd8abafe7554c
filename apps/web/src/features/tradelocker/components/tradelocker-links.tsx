import { zodResolver } from '@hookform/resolvers/zod'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import {
  linkTradeLockerBodySchema,
  tradeLockerMessages,
  type LinkTradeLockerBody,
  type LinkTradeLockerResult,
  type TradeLockerLink,
} from '@tp/api/tradelocker'
import { LoadError } from '@/components/load-error'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { Checkbox } from '@/components/ui/checkbox'
import { FormField } from '@/components/ui/form-field'
import { fieldClasses, Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { paths } from '@/config/paths'
import { getErrorMessage } from '@/lib/api-client'
import { AppLink } from '@/lib/navigation'
import { notify } from '@/lib/notify'
import { serverErrorsOf } from '@/lib/server-errors'
import { cn } from '@/lib/utils'
import {
  useAvailableTradeLockerAccounts,
  useImportTradeLockerAccounts,
  useLinkTradeLocker,
  useTradeLockerLinks,
  useUnlinkTradeLocker,
} from '../api/tradelocker'

const fields = ['email', 'password', 'server', 'accountType'] as const

const money = (amount: number, currency: string) =>
  `${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`

/** The sign-in form: email, password, broker server, demo or live; the password is sent once. */
function LinkForm({
  defaults,
  onLinked,
  onCancel,
}: {
  defaults: Omit<LinkTradeLockerBody, 'password'> | null
  onLinked: (result: LinkTradeLockerResult) => void
  onCancel: () => void
}) {
  const mutation = useLinkTradeLocker()
  const form = useForm<z.input<typeof linkTradeLockerBodySchema>, unknown, LinkTradeLockerBody>({
    resolver: zodResolver(linkTradeLockerBodySchema),
    defaultValues: { email: '', server: '', accountType: 'demo', ...defaults, password: '' },
  })
  const { errors } = form.formState
  const onSubmit = form.handleSubmit((body) => {
    mutation.mutate(body, {
      onSettled: () => form.resetField('password', { defaultValue: '' }),
      onSuccess: (result) => {
        notify('success', tradeLockerMessages.linked)
        onLinked(result)
      },
      onError: (error) => {
        const found = serverErrorsOf(error, fields)
        for (const field of fields) {
          const message = found.fields[field]
          if (message) form.setError(field, { message })
        }
      },
    })
  })
  const failure = mutation.isError ? serverErrorsOf(mutation.error, fields).form : null
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Link a TradeLocker account"
      className="grid gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="TradeLocker email" error={errors.email?.message}>
          <Input type="email" autoComplete="username" required {...form.register('email')} />
        </FormField>
        <FormField label="TradeLocker password" error={errors.password?.message}>
          <Input
            type="password"
            autoComplete="current-password"
            required
            {...form.register('password')}
          />
        </FormField>
        <FormField
          label="Broker server"
          error={errors.server?.message}
          hint="As TradeLocker shows it at sign-in, e.g. OSP-DEMO"
        >
          <Input autoComplete="off" spellCheck={false} required {...form.register('server')} />
        </FormField>
        <FormField label="Account type" error={errors.accountType?.message}>
          <select className={cn(fieldClasses, 'h-10 py-2')} {...form.register('accountType')}>
            <option value="demo">Demo</option>
            <option value="live">Live</option>
          </select>
        </FormField>
      </div>
      <p className="text-xs text-muted-foreground">{tradeLockerMessages.passwordNeverStored}</p>
      {failure ? (
        <Alert variant="error" data-testid="tradelocker-error">
          <p>{failure}</p>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" className="w-full sm:w-auto" isPending={mutation.isPending}>
          Link TradeLocker
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

/** The login's accounts with a checkbox each; the chosen ones are imported with their history. */
function AccountChooser({
  linkId,
  available,
  onDone,
}: {
  linkId: string
  available: LinkTradeLockerResult['available']
  onDone: () => void
}) {
  const baseId = useId()
  const importAccounts = useImportTradeLockerAccounts()
  const [chosen, setChosen] = useState<string[]>(() =>
    available.filter((account) => account.isImported).map((account) => account.id),
  )
  const toggle = (id: string, isOn: boolean) =>
    setChosen((current) => (isOn ? [...current, id] : current.filter((other) => other !== id)))
  return (
    <fieldset className="grid gap-3 rounded-md border border-border p-4">
      <legend className="px-1 text-sm font-semibold">Choose the accounts to import</legend>
      {available.length === 0 ? (
        <p className="text-sm text-muted-foreground">This TradeLocker login has no accounts.</p>
      ) : (
        <ul className="grid gap-2">
          {available.map((account) => {
            const id = `${baseId}-${account.id}`
            return (
              <li key={account.id} className="flex items-center gap-3">
                <Checkbox
                  id={id}
                  checked={chosen.includes(account.id)}
                  onCheckedChange={(state) => toggle(account.id, state === true)}
                />
                <Label htmlFor={id} className="font-normal">
                  {account.name} · #{account.accNum} · {money(account.balance, account.currency)}
                  {account.isImported ? ' · imported' : ''}
                </Label>
              </li>
            )
          })}
        </ul>
      )}
      {importAccounts.isError ? (
        <Alert variant="error">
          <p>{getErrorMessage(importAccounts.error)}</p>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={chosen.length === 0}
          isPending={importAccounts.isPending}
          onClick={() =>
            importAccounts.mutate(
              { linkId, accounts: chosen },
              {
                onSuccess: () => {
                  notify('success', tradeLockerMessages.imported)
                  onDone()
                },
              },
            )
          }
        >
          Import selected
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
      {chosen.length === 0 ? (
        <p className="text-xs text-muted-foreground">{tradeLockerMessages.chooseAccount}</p>
      ) : null}
    </fieldset>
  )
}

/** "Choose accounts" for a link linked earlier: its accounts read from TradeLocker again. */
function LaterChooser({ linkId, onDone }: { linkId: string; onDone: () => void }) {
  const available = useAvailableTradeLockerAccounts(linkId)
  if (available.isPending) return <Skeleton className="h-24" />
  if (available.isError)
    return <LoadError error={available.error} onRetry={() => void available.refetch()} />
  return <AccountChooser linkId={linkId} available={available.data} onDone={onDone} />
}

function LinkCard({
  link,
  isChoosing,
  onChoose,
  onDone,
  onSignIn,
}: {
  link: TradeLockerLink
  isChoosing: boolean
  onChoose: () => void
  onDone: () => void
  onSignIn: () => void
}) {
  const unlink = useUnlinkTradeLocker()
  const needsLogin = link.status === 'needs-login'
  return (
    <Card data-testid="tradelocker-link">
      <CardContent className="grid gap-3 pt-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="min-w-0">
            <p className="truncate font-medium">{link.email}</p>
            <p className="text-sm text-muted-foreground">
              {link.server} · {link.accountType === 'live' ? 'Live' : 'Demo'}
            </p>
          </div>
          <Badge variant={needsLogin ? 'warning' : 'profit'}>
            {needsLogin ? 'Sign in again' : 'Linked'}
          </Badge>
        </div>
        {needsLogin ? (
          <Alert variant="error">
            <p>{link.lastError ?? tradeLockerMessages.needsLogin}</p>
          </Alert>
        ) : null}
        {link.accounts.length === 0 ? (
          <p className="text-sm text-muted-foreground">No account imported yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Imported accounts">
            {link.accounts.map((account) => (
              <li
                key={account.id}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm"
              >
                <span className="font-medium">
                  {account.name} · #{account.accNum}
                </span>
                <span className="text-muted-foreground">
                  {account.totalTrades} trades · net{' '}
                  {money(account.totalNetProfit, account.currency)}
                </span>
              </li>
            ))}
          </ul>
        )}
        {isChoosing ? <LaterChooser linkId={link.id} onDone={onDone} /> : null}
        {unlink.isError ? (
          <Alert variant="error">
            <p>{getErrorMessage(unlink.error)}</p>
          </Alert>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {link.accounts.length > 0 ? (
            <Button asChild variant="outline">
              <AppLink to={paths.user.analyticsView.getHref()}>View analytics</AppLink>
            </Button>
          ) : null}
          {needsLogin ? <Button onClick={onSignIn}>Sign in again</Button> : null}
          {!needsLogin && !isChoosing ? (
            <Button variant="outline" onClick={onChoose}>
              Choose accounts
            </Button>
          ) : null}
          <Button
            variant="ghost"
            isPending={unlink.isPending}
            onClick={() =>
              unlink.mutate(link.id, {
                onSuccess: () => notify('success', tradeLockerMessages.unlinked),
              })
            }
          >
            Unlink
          </Button>
        </div>
      </CardContent>
    </Card>
  )
}

/**
 * TradeLocker (issue 15 item 8; decision 0044): link a TradeLocker login, choose which of its
 * accounts to import; their order history becomes a read-only account of the trader's analytics,
 * kept up to date every 30 minutes while linked.
 */
export function TradeLockerLinks() {
  const links = useTradeLockerLinks()
  const [justLinked, setJustLinked] = useState<LinkTradeLockerResult | null>(null)
  const [choosingId, setChoosingId] = useState<string | null>(null)
  // the sign-in form opens on demand (blank, or for a link that needs a new sign-in)
  const [form, setForm] = useState<{
    defaults: Omit<LinkTradeLockerBody, 'password'> | null
  } | null>(null)
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="grid max-w-2xl gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-xl font-semibold">
            TradeLocker
          </h2>
          <p className="text-sm text-muted-foreground">
            Link your TradeLocker login to see its accounts&apos; order history in your analytics
            (read-only).
          </p>
        </div>
        {form === null ? (
          <Button
            variant="outline"
            aria-expanded={false}
            onClick={() => {
              setJustLinked(null)
              setForm({ defaults: null })
            }}
          >
            Link a TradeLocker account
          </Button>
        ) : null}
      </div>
      {form !== null || justLinked ? (
        <Card>
          <CardContent className="grid gap-4 pt-6">
            {form !== null ? (
              <LinkForm
                defaults={form.defaults}
                onCancel={() => setForm(null)}
                onLinked={(result) => {
                  setForm(null)
                  setChoosingId(null)
                  setJustLinked(result)
                }}
              />
            ) : null}
            {justLinked ? (
              <AccountChooser
                key={justLinked.link.id}
                linkId={justLinked.link.id}
                available={justLinked.available}
                onDone={() => setJustLinked(null)}
              />
            ) : null}
          </CardContent>
        </Card>
      ) : null}
      {links.isPending ? (
        <div role="status" className="grid gap-2">
          <span className="sr-only">Loading your TradeLocker links</span>
          <Skeleton className="h-28" />
        </div>
      ) : links.isError ? (
        <LoadError error={links.error} onRetry={() => void links.refetch()} />
      ) : links.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No TradeLocker login linked yet.</p>
      ) : (
        <div className="grid gap-3" aria-live="polite">
          {links.data.map((link) => (
            <LinkCard
              key={link.id}
              link={link}
              isChoosing={choosingId === link.id}
              onChoose={() => {
                setJustLinked(null)
                setChoosingId(link.id)
              }}
              onDone={() => setChoosingId(null)}
              onSignIn={() => {
                setJustLinked(null)
                setForm({
                  defaults: {
                    email: link.email,
                    server: link.server,
                    accountType: link.accountType,
                  },
                })
              }}
            />
          ))}
        </div>
      )}
    </section>
  )
}
