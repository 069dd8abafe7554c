import { zodResolver } from '@hookform/resolvers/zod'
import { ArrowRight } from 'lucide-react'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { toast } from '@/lib/toast'
import {
  billingFields,
  billingProfileInputSchema,
  checkoutMessages,
  messages,
  type BillingProfileInput,
  type PublicConfig,
} from '@tp/api'
import {
  accountSizeLabel,
  addOnsFromToggles,
  baseFee,
  challengeTypeLabels,
  cryptoDiscountPercent,
  firstPlanKey,
  formatMoney,
  noAddOnToggles,
  parsePlanKey,
  paymentMethodLabels,
  tradingPlatformLabels,
  type PaymentMethod,
  type Stage,
} from '@tp/domain'
import { PageHeader } from '@/components/page-header'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import { Skeleton } from '@/components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { paths } from '@/config/paths'
import { ApiError, getErrorMessage } from '@/lib/api-client'
import { useProfile, type ProfileData } from '@/lib/profile'
import { usePublicConfig } from '@/lib/public-config'
import { useUser } from '@/lib/session'
import { useCreateOrder } from '../api/create-order'
import { usePricingSummary } from '../api/get-pricing-summary'
import type { PricingParams } from '../api/query-keys'
import { useSaveBillingProfile } from '../api/save-billing-profile'
import {
  updateCheckoutSelection,
  useCheckoutSelection,
  type CheckoutSelection,
} from '../hooks/use-checkout-selection'
import { paymentHref } from '../utils/payment-paths'
import { checkSelection } from '../utils/selection'
import { AddOnToggles } from './add-on-toggles'
import { BillingForm } from './billing-form'
import { ChoiceGroup } from './choice-group'
import { CouponBox } from './coupon-box'
import { OrderSummaryCard } from './order-summary'
import { PlanRulesTabs } from './plan-rules-tabs'
import { SelectionFields } from './selection-fields'
import { SignInPrompt } from './sign-in-prompt'
import { LoadError } from '@/components/load-error'

type Step = 'select' | 'details'

const firstStage = (selection: CheckoutSelection): Stage =>
  selection.challenge ? parsePlanKey(firstPlanKey(selection.challenge)).stage : 'phase1'

/** Tab 1: the selection of spec 2.3 on the page, stored as the user changes it (spec 3). */
function SelectAccountStep({ onContinue }: { onContinue: () => void }) {
  const selection = useCheckoutSelection()
  const [stage, setStage] = useState<Stage>(() => firstStage(selection))
  const { challenge, platform, sizeK } = selection
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:gap-10">
      <SelectionFields
        value={selection}
        onChallengeChange={(next) => {
          updateCheckoutSelection({ challenge: next })
          setStage(parsePlanKey(firstPlanKey(next)).stage)
        }}
        onPlatformChange={(next) => updateCheckoutSelection({ platform: next })}
        onSizeChange={(next) => updateCheckoutSelection({ sizeK: next })}
      />
      <div className="grid min-w-0 content-start gap-5">
        {challenge && sizeK ? (
          <PlanRulesTabs
            challenge={challenge}
            sizeK={sizeK}
            stage={stage}
            onStageChange={setStage}
          />
        ) : (
          <Alert>
            <p>Choose a challenge type and an account size to see the plan&apos;s rules.</p>
          </Alert>
        )}
        <div className="flex flex-wrap items-end justify-between gap-4 rounded-lg border border-border bg-surface-2 p-4">
          <div className="grid gap-1">
            <p className="text-xs text-muted-foreground">
              {[
                challenge ? challengeTypeLabels[challenge] : null,
                sizeK ? `$${accountSizeLabel(sizeK)}` : null,
                platform ? tradingPlatformLabels[platform] : null,
              ]
                .filter(Boolean)
                .join(' · ') || 'Nothing selected yet'}
            </p>
            <p className="text-2xl font-bold">
              {challenge && sizeK ? formatMoney(baseFee(challenge, sizeK)) : '—'}
            </p>
          </div>
          <Button size="lg" onClick={onContinue} className="w-full sm:w-auto">
            Continue
            <ArrowRight aria-hidden className="size-4" />
          </Button>
        </div>
      </div>
    </div>
  )
}

const emptyBilling = (email: string): BillingProfileInput => ({
  email,
  ...(Object.fromEntries(billingFields.map((field) => [field, ''])) as Omit<
    BillingProfileInput,
    'email'
  >),
})

function billingDefaults(profile: ProfileData): BillingProfileInput {
  if (!profile.billing) return emptyBilling(profile.email)
  const { lockedAt: _lockedAt, ...saved } = profile.billing
  return { ...saved, email: profile.email }
}

function DetailsSkeleton() {
  return (
    <div className="grid gap-4" role="status">
      <span className="sr-only">Loading your billing information</span>
      <Skeleton className="h-10" />
      <div className="grid gap-4 sm:grid-cols-2">
        {billingFields.map((field) => (
          <Skeleton key={field} className="h-16" />
        ))}
      </div>
    </div>
  )
}

function methodChoices(config: PublicConfig | undefined) {
  return [
    {
      value: 'card' as const,
      label: paymentMethodLabels.card,
      detail: config?.paypal.isEnabled === false ? 'Not available' : 'Card or PayPal',
      isDisabled: config?.paypal.isEnabled === false,
    },
    {
      value: 'crypto' as const,
      label: paymentMethodLabels.crypto,
      detail:
        config?.crypto.isEnabled === false ? 'Not available' : `${cryptoDiscountPercent}% off`,
      isDisabled: config?.crypto.isEnabled === false,
    },
  ]
}

/** Tab 2: billing profile, add-ons, payment method, terms, coupon and the server's summary. */
function DetailsStep({
  profile,
  onEditSelection,
}: {
  profile: ProfileData
  onEditSelection: () => void
}) {
  const navigate = useNavigate()
  const selection = useCheckoutSelection()
  const config = usePublicConfig()
  const termsId = useId()
  const [method, setMethod] = useState<PaymentMethod>('card')
  const [couponCode, setCouponCode] = useState<string | null>(null)
  const [hasAcceptedTerms, setAcceptedTerms] = useState(false)
  const [termsError, setTermsError] = useState<string | undefined>()
  const saveBilling = useSaveBillingProfile()
  const createOrder = useCreateOrder()
  const isLocked = profile.billing !== null
  const form = useForm<BillingProfileInput>({
    resolver: zodResolver(billingProfileInputSchema),
    defaultValues: billingDefaults(profile),
  })

  const chosenMethod: PaymentMethod =
    method === 'card' && config.data?.paypal.isEnabled === false ? 'crypto' : method
  const { challenge, platform, sizeK } = selection
  const params: PricingParams | null =
    challenge && sizeK
      ? {
          challenge,
          sizeK,
          addOns: addOnsFromToggles(selection.addOns),
          method: chosenMethod,
          coupon: couponCode,
        }
      : null
  const summary = usePricingSummary(params)

  /** Saves the billing profile; resolves whether it was saved. */
  async function saveBillingNow(): Promise<boolean> {
    const isValid = await form.trigger()
    if (!isValid) {
      toast.error(checkoutMessages.billingRequired)
      return false
    }
    try {
      const { updatedProfile } = await saveBilling.mutateAsync(form.getValues())
      const { lockedAt: _lockedAt, ...saved } = updatedProfile
      form.reset({ ...saved, email: profile.email })
      toast.success(messages.profile.billingSaved)
      return true
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.serverMessage
          ? error.serverMessage
          : messages.profile.billingFailed,
      )
      return false
    }
  }

  // spec 5, in its order: terms, account size, platform, challenge, billing
  async function placeOrder() {
    if (!hasAcceptedTerms) {
      setTermsError(checkoutMessages.termsRequired)
      toast.error(checkoutMessages.termsRequired)
      return
    }
    const check = checkSelection(selection)
    if (!check.ok) {
      toast.error(check.message)
      onEditSelection()
      return
    }
    if (!isLocked && !(await saveBillingNow())) return
    const outcome = summary.data?.coupon
    const isCouponApplied = couponCode !== null && outcome?.code === couponCode && outcome.isApplied
    createOrder.mutate(
      {
        ...check.selection,
        addOns: addOnsFromToggles(selection.addOns),
        method: chosenMethod,
        termsAccepted: true,
        ...(isCouponApplied ? { coupon: couponCode } : {}),
      },
      {
        onSuccess: (order) => {
          void navigate(paymentHref(order.method, order.id))
          // the add-ons belong to this order: the next one starts with them off
          updateCheckoutSelection({ addOns: noAddOnToggles })
        },
        onError: (error) => toast.error(getErrorMessage(error)),
      },
    )
  }

  const isPlacing = saveBilling.isPending || createOrder.isPending || createOrder.isSuccess

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
      <div className="grid min-w-0 gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Billing information</CardTitle>
            <CardDescription>
              {isLocked
                ? 'Saved with your account.'
                : 'Every field is required. Once saved, your billing information is locked.'}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <BillingForm
              form={form}
              isLocked={isLocked}
              isSaving={saveBilling.isPending}
              onSave={() => void saveBillingNow()}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Options and payment</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-6">
            <AddOnToggles
              challenge={challenge ?? 'twoPhase'}
              value={selection.addOns}
              onChange={(addOns) => updateCheckoutSelection({ addOns })}
            />
            <ChoiceGroup
              legend="Payment method"
              choices={methodChoices(config.data)}
              value={chosenMethod}
              onChange={setMethod}
            />
            <div className="grid gap-2">
              <div className="flex items-start gap-3">
                <Checkbox
                  id={termsId}
                  checked={hasAcceptedTerms}
                  onCheckedChange={(isChecked) => {
                    setAcceptedTerms(isChecked === true)
                    if (isChecked === true) setTermsError(undefined)
                  }}
                  aria-invalid={termsError ? true : undefined}
                  aria-describedby={termsError ? `${termsId}-error` : undefined}
                />
                <div className="grid gap-1">
                  <Label htmlFor={termsId} className="cursor-pointer leading-snug">
                    I agree to the terms and conditions
                  </Label>
                  <Link
                    to={paths.info.terms.getHref()}
                    target="_blank"
                    rel="noreferrer"
                    className="text-xs text-primary underline-offset-4 hover:underline"
                  >
                    Read the terms and conditions (opens in a new tab)
                  </Link>
                </div>
              </div>
              {termsError ? (
                <p
                  id={`${termsId}-error`}
                  role="alert"
                  className="text-sm font-medium text-destructive"
                >
                  {termsError}
                </p>
              ) : null}
            </div>
          </CardContent>
        </Card>
      </div>

      <OrderSummaryCard
        className="lg:sticky lg:top-20"
        summary={params ? summary.data : undefined}
        platformLabel={platform ? tradingPlatformLabels[platform] : undefined}
        isRefreshing={summary.isPlaceholderData || summary.isFetching}
        placeholder={
          !params ? (
            <Alert>
              <p>Choose a challenge type and an account size to see your order.</p>
              <Button variant="link" onClick={onEditSelection}>
                Select an account
              </Button>
            </Alert>
          ) : summary.isError ? (
            <LoadError error={summary.error} onRetry={() => void summary.refetch()} />
          ) : undefined
        }
      >
        <CouponBox
          code={couponCode}
          outcome={summary.data?.coupon}
          isChecking={summary.isFetching}
          onApply={setCouponCode}
          onRemove={() => setCouponCode(null)}
        />
        <Button size="lg" isPending={isPlacing} onClick={() => void placeOrder()}>
          Place Order
        </Button>
        <p className="text-xs text-muted-foreground">
          You pay the total shown, computed by our server. All accounts are simulated.
        </p>
      </OrderSummaryCard>
    </div>
  )
}

function DetailsForSignedIn({ onEditSelection }: { onEditSelection: () => void }) {
  const profile = useProfile()
  if (profile.data) return <DetailsStep profile={profile.data} onEditSelection={onEditSelection} />
  if (profile.isError) {
    return <LoadError error={profile.error} onRetry={() => void profile.refetch()} />
  }
  return <DetailsSkeleton />
}

/**
 * Get-funded (spec 2.6): 'Select Account' then 'Detail & Payment'. Place Order checks spec 5 in
 * its order, creates the order from the selection (the server prices it) and opens the card or
 * crypto payment screen.
 */
export function GetFunded() {
  const user = useUser()
  const navigate = useNavigate()
  const [step, setStep] = useState<Step>('select')

  function continueToDetails() {
    if (!user) {
      toast.warning(messages.auth.loginFirstToTrade)
      void navigate(paths.auth.login.getHref(paths.checkout.getFunded.getHref()))
      return
    }
    setStep('details')
  }

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <PageHeader
        title="Get Funded"
        description="Choose your challenge, then enter your details and pay."
      />
      <Tabs value={step} onValueChange={(next) => setStep(next as Step)}>
        <TabsList aria-label="Checkout steps">
          <TabsTrigger value="select">Select Account</TabsTrigger>
          <TabsTrigger value="details">Detail &amp; Payment</TabsTrigger>
        </TabsList>
        {/* both steps stay mounted, so nothing typed is lost when going back and forth */}
        <TabsContent value="select" forceMount hidden={step !== 'select'} className="mt-6">
          <SelectAccountStep onContinue={continueToDetails} />
        </TabsContent>
        <TabsContent value="details" forceMount hidden={step !== 'details'} className="mt-6">
          {user ? (
            <DetailsForSignedIn onEditSelection={() => setStep('select')} />
          ) : (
            <SignInPrompt />
          )}
        </TabsContent>
      </Tabs>
    </div>
  )
}
