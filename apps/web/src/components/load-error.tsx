import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { getErrorMessage } from '@/lib/api-client'

/** A section's failed load: the server's message and a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert variant="error">
      <p>{getErrorMessage(error)}</p>
      <Button variant="link" className="h-auto px-0" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  )
}
