import { toast } from '@/lib/toast'
import type { CouponDto } from '@tp/api'
import { AdminReasonField } from '@/components/admin-reason-field'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { useAdminReason } from '@/hooks/use-admin-reason'
import { getErrorMessage } from '@/lib/api-client'
import { useUpdateCoupon } from '../api/update-coupon'

export type CouponActiveChange = { coupon: CouponDto; isActive: boolean }

/** Turning a coupon on or off: a change to what traders pay, so it asks why (decision 0055). */
export function CouponActiveDialog({
  change,
  onClose,
}: {
  change: CouponActiveChange | null
  onClose: () => void
}) {
  return (
    <AlertDialog open={change !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      {change ? <CouponActiveContent change={change} onClose={onClose} /> : null}
    </AlertDialog>
  )
}

function CouponActiveContent({
  change,
  onClose,
}: {
  change: CouponActiveChange
  onClose: () => void
}) {
  const { coupon, isActive } = change
  const updateCoupon = useUpdateCoupon()
  const reasonField = useAdminReason()
  const verb = isActive ? 'Activate' : 'Deactivate'

  function confirm() {
    const reason = reasonField.submit()
    if (reason === null) return
    updateCoupon.mutate(
      { couponId: coupon.id, isActive, reason },
      {
        onSuccess: () => {
          toast.success(`Coupon ${coupon.code} ${isActive ? 'activated' : 'deactivated'}.`)
          onClose()
        },
        onError: (error) => toast.error(getErrorMessage(error)),
      },
    )
  }

  return (
    <AlertDialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
      <AlertDialogHeader>
        <AlertDialogTitle>
          {verb} {coupon.code}?
        </AlertDialogTitle>
        <AlertDialogDescription>
          {isActive
            ? 'Traders can enter the code at checkout again.'
            : 'Checkout refuses the code from now on; orders already placed keep their discount.'}
        </AlertDialogDescription>
      </AlertDialogHeader>
      <AdminReasonField reason={reasonField} />
      <AlertDialogFooter>
        <AlertDialogCancel disabled={updateCoupon.isPending}>Cancel</AlertDialogCancel>
        <Button
          variant={isActive ? 'default' : 'destructive'}
          isPending={updateCoupon.isPending}
          onClick={confirm}
        >
          {verb}
        </Button>
      </AlertDialogFooter>
    </AlertDialogContent>
  )
}
