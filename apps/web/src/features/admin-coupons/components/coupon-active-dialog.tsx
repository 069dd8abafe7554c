import type { CouponDto } from '@tp/api'
import {
  closeOnSuccess,
  ReasonConfirmContent,
  ReasonConfirmDialog,
} from '@/components/reason-confirm-dialog'
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
    <ReasonConfirmDialog open={change !== null} onClose={onClose}>
      {change ? <CouponActiveContent change={change} onClose={onClose} /> : null}
    </ReasonConfirmDialog>
  )
}

function CouponActiveContent({
  change: { coupon, isActive },
  onClose,
}: {
  change: CouponActiveChange
  onClose: () => void
}) {
  const updateCoupon = useUpdateCoupon()
  const verb = isActive ? 'Activate' : 'Deactivate'
  return (
    <ReasonConfirmContent
      title={`${verb} ${coupon.code}?`}
      description={
        isActive
          ? 'Traders can enter the code at checkout again.'
          : 'Checkout refuses the code from now on; orders already placed keep their discount.'
      }
      confirmLabel={verb}
      confirmVariant={isActive ? 'default' : 'destructive'}
      isPending={updateCoupon.isPending}
      onConfirm={(reason) =>
        updateCoupon.mutate(
          { couponId: coupon.id, isActive, reason },
          closeOnSuccess(
            `Coupon ${coupon.code} ${isActive ? 'activated' : 'deactivated'}.`,
            onClose,
          ),
        )
      }
    />
  )
}
