import type { Ref } from 'react'
import { HONEYPOT_FIELD } from '@tp/api/service'

/**
 * The honeypot (decision 0026): an input no person sees or reaches (off screen, out of the tab
 * order, hidden from assistive technology), which form-filling bots fill in. A form sent with it
 * filled is answered as usual and dropped.
 */
export function HoneypotField({ inputRef }: { inputRef: Ref<HTMLInputElement> }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Website
        <input
          ref={inputRef}
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </label>
    </div>
  )
}
