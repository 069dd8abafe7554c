import { TicketPercent } from 'lucide-react'
import { useState } from 'react'
import type { CouponDto } from '@tp/api'
import { Badge } from '@/components/ui/badge'
import { EmptyState } from '@/components/ui/empty-state'
import { Switch } from '@/components/ui/switch'
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  TableSkeletonRows,
} from '@/components/ui/table'
import { useCoupons } from '../api/get-coupons'
import { CouponActiveDialog, type CouponActiveChange } from './coupon-active-dialog'
import {
  couponChallengesText,
  couponExpiryText,
  couponMinimumText,
  couponUsesText,
  couponValueText,
  isCouponExpired,
} from '../utils/format'
import { useCanAdminAct } from '@/lib/admin-role'
import { LoadError } from '@/components/load-error'

const columns = [
  'Code',
  'Value',
  'Uses / max uses',
  'Expires',
  'Challenges',
  'Minimum subtotal',
  'Active',
] as const

/** The coupon's state; flipping it asks for the reason first (coupon-active-dialog.tsx). */
function ActiveSwitch({
  coupon,
  onChange,
}: {
  coupon: CouponDto
  onChange: (change: CouponActiveChange) => void
}) {
  // a support user sees the switch, disabled (decision 0036: read-only)
  const canAct = useCanAdminAct()
  return (
    <Switch
      checked={coupon.isActive}
      disabled={!canAct}
      aria-label={`Coupon ${coupon.code} active`}
      onCheckedChange={(isActive) => onChange({ coupon, isActive })}
    />
  )
}

function CouponRow({
  coupon,
  onChange,
}: {
  coupon: CouponDto
  onChange: (change: CouponActiveChange) => void
}) {
  const isExpired = isCouponExpired(coupon)
  const isExhausted = coupon.maxUses !== null && coupon.uses >= coupon.maxUses
  return (
    <TableRow>
      <TableCell className="font-mono font-medium">{coupon.code}</TableCell>
      <TableCell>{couponValueText(coupon)}</TableCell>
      <TableCell className="tabular-nums">
        {couponUsesText(coupon)}
        {isExhausted ? (
          <Badge variant="neutral" className="ml-2">
            Used up
          </Badge>
        ) : null}
      </TableCell>
      <TableCell className="tabular-nums">
        {coupon.expiresAt ? (
          <time dateTime={coupon.expiresAt}>{couponExpiryText(coupon)}</time>
        ) : (
          couponExpiryText(coupon)
        )}
        {isExpired ? (
          <Badge variant="loss" className="ml-2">
            Expired
          </Badge>
        ) : null}
      </TableCell>
      <TableCell>{couponChallengesText(coupon)}</TableCell>
      <TableCell className="tabular-nums">{couponMinimumText(coupon)}</TableCell>
      <TableCell>
        <ActiveSwitch coupon={coupon} onChange={onChange} />
      </TableCell>
    </TableRow>
  )
}

/** The firm's coupon codes, with a switch to turn each on or off. */
export function CouponsTable() {
  const coupons = useCoupons()
  const [change, setChange] = useState<CouponActiveChange | null>(null)

  if (coupons.isError) {
    return <LoadError error={coupons.error} onRetry={() => void coupons.refetch()} />
  }

  if (coupons.data && coupons.data.length === 0) {
    return (
      <EmptyState
        icon={<TicketPercent aria-hidden />}
        title="No coupons yet"
        description="Create a coupon and traders can enter its code at checkout."
      />
    )
  }

  return (
    <>
      <Table aria-busy={coupons.isPending || undefined}>
        <TableCaption className="sr-only">Coupons</TableCaption>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHead key={column}>{column}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {coupons.data ? (
            coupons.data.map((coupon) => (
              <CouponRow key={coupon.id} coupon={coupon} onChange={setChange} />
            ))
          ) : (
            <TableSkeletonRows rows={4} columns={columns.length} />
          )}
        </TableBody>
      </Table>
      <CouponActiveDialog change={change} onClose={() => setChange(null)} />
    </>
  )
}
