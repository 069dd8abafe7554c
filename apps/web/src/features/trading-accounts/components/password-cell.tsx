import { Copy, Eye, EyeOff } from 'lucide-react'
import { useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { PASSWORD_MASK } from '../utils/format'

type PasswordCellProps = {
  password: string
  /** the account's login, to name the buttons of each row apart */
  login: string
}

async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

/** A trading password, masked until asked for, with a copy button that never shows it. */
export function PasswordCell({ password, login }: PasswordCellProps) {
  const [isShown, setIsShown] = useState(false)

  async function copy() {
    if (await copyText(password)) toast.success('Password copied to the clipboard.')
    else toast.error('Could not copy the password. Show it and copy it by hand.')
  }

  return (
    <div className="flex items-center gap-1">
      <span className="min-w-[8ch] font-mono tabular-nums">
        {isShown ? (
          password
        ) : (
          <>
            <span aria-hidden>{PASSWORD_MASK}</span>
            <span className="sr-only">Hidden</span>
          </>
        )}
      </span>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={`Show password of account ${login}`}
        aria-pressed={isShown}
        onClick={() => setIsShown((shown) => !shown)}
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
        onClick={() => void copy()}
      >
        <Copy aria-hidden className="size-4" />
      </Button>
    </div>
  )
}
