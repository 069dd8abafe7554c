import { desc, eq } from 'drizzle-orm'
import type { AdminCreateCouponInput, CouponDto } from '@tp/api'
import type { AppContext } from '../../context'
import { coupons, type CouponRow } from '../../db/schema'
import { isUniqueViolation } from '../../lib/db-errors'
import { AppError } from '../../lib/errors'
import { recordAudit } from '../access/access-policy'
import type { Caller } from '../access/authenticate'
import { couponUsesOf } from '../orders/coupon-uses'

/** `uses`: the uses taken, by orders paid or still waiting to be (coupon-uses.ts). */
function toCouponDto(row: CouponRow, uses: number): CouponDto {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    uses,
    isActive: row.isActive,
    challenges: row.challenges,
    minimumSubtotalCents: row.minimumSubtotalCents,
    createdAt: row.createdAt.toISOString(),
  }
}

export async function listCoupons(ctx: AppContext): Promise<CouponDto[]> {
  const rows = await ctx.db.select().from(coupons).orderBy(desc(coupons.createdAt))
  const uses = await couponUsesOf(
    ctx.db,
    rows.map((row) => row.id),
  )
  return rows.map((row) => toCouponDto(row, uses.get(row.id) ?? 0))
}

/** An admin creates a coupon (a money event: audited with its terms and the reason, decision 0036). */
export async function createCoupon(
  ctx: AppContext,
  caller: Caller,
  input: AdminCreateCouponInput,
): Promise<CouponDto> {
  try {
    const [row] = await ctx.db
      .insert(coupons)
      .values({
        code: input.code,
        kind: input.kind,
        value: input.value,
        expiresAt: input.expiresAt,
        maxUses: input.maxUses,
        isActive: input.isActive,
        challenges: input.challenges,
        minimumSubtotalCents: input.minimumSubtotalCents,
      })
      .returning()
    await recordAudit(ctx, {
      actor: caller,
      action: 'coupon.create',
      targetType: 'coupon',
      targetId: row!.id,
      reason: input.reason,
      details: {
        code: row!.code,
        kind: row!.kind,
        value: row!.value,
        expiresAt: row!.expiresAt?.toISOString() ?? null,
        maxUses: row!.maxUses,
        isActive: row!.isActive,
        challenges: row!.challenges,
        minimumSubtotalCents: row!.minimumSubtotalCents,
      },
    })
    return toCouponDto(row!, 0)
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('VALIDATION_FAILED', {
        message: 'A coupon with this code exists already.',
        details: [{ path: 'code', message: 'A coupon with this code exists already.' }],
      })
    }
    throw error
  }
}

/** An admin activates or deactivates a coupon (audited with the code, the change and the reason). */
export async function setCouponActive(
  ctx: AppContext,
  caller: Caller,
  id: string,
  change: { isActive: boolean; reason: string },
): Promise<CouponDto> {
  const { isActive, reason } = change
  const [row] = await ctx.db.update(coupons).set({ isActive }).where(eq(coupons.id, id)).returning()
  if (!row) throw new AppError('NOT_FOUND', { message: 'No such coupon.' })
  await recordAudit(ctx, {
    actor: caller,
    action: isActive ? 'coupon.activate' : 'coupon.deactivate',
    targetType: 'coupon',
    targetId: row.id,
    reason,
    details: { code: row.code, isActive },
  })
  const uses = await couponUsesOf(ctx.db, [row.id])
  return toCouponDto(row, uses.get(row.id) ?? 0)
}
