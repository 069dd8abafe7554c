import { useState } from 'react'
import type { IdentityCheck } from '@tp/api/payouts'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { notify } from '@/lib/notify'
import { useSubmitIdentity } from '../api/payouts-api'
import { describeError } from './format'

const readDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('could not read the file'))
    reader.readAsDataURL(file)
  })

/** The identity check before the first payout: its status, and the form when one is due. */
export function IdentityForm({ identity }: { identity: IdentityCheck }) {
  const submit = useSubmitIdentity()
  const [error, setError] = useState<string | null>(null)
  const isDue = identity.status === 'none' || identity.status === 'rejected'
  const statusText = {
    none: 'Needed before your first payout: your legal name, date of birth, country, a photo of an ID document and a selfie.',
    pending: 'Submitted: an admin is reviewing it.',
    approved: 'Verified.',
    rejected: `Rejected: ${identity.rejectionReason ?? ''}. Fix it and submit again.`,
  }[identity.status]

  return (
    <Card>
      <CardHeader>
        <CardTitle>Identity check</CardTitle>
        <CardDescription data-testid="identity-status">{statusText}</CardDescription>
      </CardHeader>
      {isDue && (
        <CardContent>
          <form
            className="grid gap-4 sm:grid-cols-2"
            onSubmit={async (event) => {
              event.preventDefault()
              setError(null)
              const form = new FormData(event.currentTarget)
              const document = form.get('document')
              const selfie = form.get('selfie')
              if (
                !(document instanceof File) ||
                !(selfie instanceof File) ||
                !document.size ||
                !selfie.size
              ) {
                setError('Add a photo of your ID document and a selfie.')
                return
              }
              try {
                await submit.mutateAsync({
                  legalName: String(form.get('legalName') ?? ''),
                  dateOfBirth: String(form.get('dateOfBirth') ?? ''),
                  country: String(form.get('country') ?? ''),
                  document: await readDataUrl(document),
                  selfie: await readDataUrl(selfie),
                })
                notify('success', 'Identity check submitted.')
              } catch (failure) {
                setError(describeError(failure))
              }
            }}
          >
            <FormField label="Legal name">
              <Input name="legalName" required autoComplete="name" />
            </FormField>
            <FormField label="Date of birth">
              <Input name="dateOfBirth" type="date" required autoComplete="bday" />
            </FormField>
            <FormField label="Country" hint="Two-letter code, e.g. GB">
              <Input name="country" required maxLength={2} autoComplete="country" />
            </FormField>
            <FormField label="ID document (PNG, JPEG or WebP)">
              <Input
                name="document"
                type="file"
                accept="image/png,image/jpeg,image/webp"
                required
              />
            </FormField>
            <FormField label="Selfie (PNG, JPEG or WebP)">
              <Input name="selfie" type="file" accept="image/png,image/jpeg,image/webp" required />
            </FormField>
            {error && (
              <Alert variant="error" className="sm:col-span-2">
                {error}
              </Alert>
            )}
            <div className="sm:col-span-2">
              <Button type="submit" disabled={submit.isPending}>
                Submit identity check
              </Button>
            </div>
          </form>
        </CardContent>
      )}
    </Card>
  )
}
