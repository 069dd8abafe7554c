import { beforeEach, describe, expect, it, vi } from 'vitest'

// each case gets fresh modules: whether the Toaster was asked for is module state
beforeEach(() => {
  vi.resetModules()
})

describe('toast', () => {
  it.each(['success', 'info', 'warning', 'error'] as const)(
    '%s asks for the Toaster before it shows the toast',
    async (kind) => {
      const { onToasterWanted } = await import('./notify')
      const { toast } = await import('./toast')
      const wanted = vi.fn()
      onToasterWanted(wanted)
      expect(wanted).not.toHaveBeenCalled()

      toast[kind]('Payment is confirming, please wait...')

      expect(wanted).toHaveBeenCalledTimes(1)
    },
  )

  it('dismiss alone does not mount the Toaster', async () => {
    const { onToasterWanted } = await import('./notify')
    const { toast } = await import('./toast')
    const wanted = vi.fn()
    onToasterWanted(wanted)

    toast.dismiss('crypto-payment-status')

    expect(wanted).not.toHaveBeenCalled()
  })
})
