import { act, render, screen } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TOAST_DURATION_MS } from '@tp/api'
import { Toaster } from './toaster'

// The toast's own clock is faked: what is checked is when it closes, not how fast anything runs.
afterEach(() => {
  vi.useRealTimers()
})

describe('toasts (spec 8)', () => {
  it.each([
    ['success', () => toast.success('Updated Successfully!')],
    ['error', () => toast.error('Updated Successfully!')],
  ])('a %s toast closes by itself after 3000 ms', (_kind, show) => {
    vi.useFakeTimers()
    render(<Toaster />)
    act(() => {
      show()
      // sonner renders a new toast on its next tick
      vi.advanceTimersByTime(0)
    })
    expect(screen.getByText('Updated Successfully!')).toBeInTheDocument()

    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS - 100)
    })
    expect(screen.getByText('Updated Successfully!')).toBeInTheDocument()

    act(() => {
      // past the duration, plus the exit animation that removes it from the page
      vi.advanceTimersByTime(100 + 1000)
    })
    expect(screen.queryByText('Updated Successfully!')).not.toBeInTheDocument()
    expect(TOAST_DURATION_MS).toBe(3000)
  })
})

describe('where toasts show', () => {
  it('at the bottom right, clear of the header and its navigation', () => {
    vi.useFakeTimers()
    render(<Toaster />)
    act(() => {
      toast.success('Saved')
      vi.advanceTimersByTime(0)
    })

    const list = document.querySelector('[data-sonner-toaster]')
    expect(list).toHaveAttribute('data-y-position', 'bottom')
    expect(list).toHaveAttribute('data-x-position', 'right')
  })
})
