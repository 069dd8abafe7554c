import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { couponSchema, updateCouponSchema, type CouponDto } from '@tp/api'
import { apiRequest } from '@/lib/api-client'
import { couponsQueryKey } from './get-coupons'

// PATCH /api/admin/coupons/:couponId { isActive } -> { coupon }

const updateCouponResponseSchema = z.object({ coupon: couponSchema })

export async function updateCoupon({
  couponId,
  ...update
}: { couponId: string } & z.input<typeof updateCouponSchema>): Promise<CouponDto> {
  const response = await apiRequest(`/admin/coupons/${encodeURIComponent(couponId)}`, {
    method: 'PATCH',
    body: updateCouponSchema.parse(update),
    schema: updateCouponResponseSchema,
  })
  return response.coupon
}

export function useUpdateCoupon() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateCoupon,
    onSuccess: async (coupon) => {
      queryClient.setQueryData<CouponDto[]>(couponsQueryKey, (coupons) =>
        coupons?.map((existing) => (existing.id === coupon.id ? coupon : existing)),
      )
      await queryClient.invalidateQueries({ queryKey: couponsQueryKey })
    },
  })
}
