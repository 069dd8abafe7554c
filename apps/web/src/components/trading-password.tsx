import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Copy, Eye, EyeOff } from 'lucide-react'
import { useState } from 'react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { tradingCredentialsQueryOptions } from '@/lib/trading-credentials'

export const PASSWORD_MASK = '••••••••'
export const PASSWORD_COPIED = 'Password copied to the clipboard.'
export const PASSWORD_NOT_COPIED = 'Could not copy the password. Show it and copy it by hand.'
export const PASSWORD_NOT_LOADED = 'Could not load the password. Please try again.'

type TradingPasswordProps = {
  accountId: string
  /** the account's login, to name the buttons of each account apart */
  login: string
}

/**
 * A trading account's password, masked until asked for, with a copy button that never shows it.
 * The password is fetched from the credentials route on the first show or copy (never carried by
 * a list, an account state or a push).
 */
export function TradingPassword({ accountId, login }: TradingPasswordProps) {
  const queryClient = useQueryClient()
  const [isShown, setIsShown] = useState(false)
  const options = tradingCredentialsQueryOptions(accountId)
  const credentials = useQuery({ ...options, enabled: isShown })

  function prefetch() {
    void queryClient.prefetchQuery(options)
  }

  async function copy() {
    let password: string
    try {
      password = (await queryClient.fetchQuery(options)).password
    } catch {
      toast.error(PASSWORD_NOT_LOADED)
      return
    }
    try {
      if (!navigator.clipboard) throw new Error('no clipboard')
      await navigator.clipboard.writeText(password)
      toast.success(PASSWORD_COPIED)
    } catch {
      toast.error(PASSWORD_NOT_COPIED)
    }
  }

  let shown = null
  if (isShown && credentials.data) shown = credentials.data.password
  return (
    <div className="flex min-w-0 items-center gap-1">
      <span className="min-w-[8ch] font-mono break-all tabular-nums" aria-live="polite">
        {shown ?? (
          <>
            {isShown && credentials.isPending ? (
              <Spinner className="size-3" />
            ) : (
              <span aria-hidden>{PASSWORD_MASK}</span>
            )}
            <span className="sr-only">
              {isShown && credentials.isError ? PASSWORD_NOT_LOADED : 'Hidden'}
            </span>
          </>
        )}
      </span>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={`Show password of account ${login}`}
        aria-pressed={isShown}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => setIsShown((wasShown) => !wasShown)}
      >
        {isShown ? (
          <EyeOff aria-hidden className="size-4" />
        ) : (
          <Eye aria-hidden className="size-4" />
        )}
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={`Copy password of account ${login}`}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => void copy()}
      >
        <Copy aria-hidden className="size-4" />
      </Button>
    </div>
  )
}
