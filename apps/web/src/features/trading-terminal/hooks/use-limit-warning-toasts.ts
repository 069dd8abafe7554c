import { useEffect, useRef } from 'react'
import { toast } from '@/lib/toast'
import type { RuleMeters, WarningLevel } from '@tp/api'
import { lossRules, warningLevels, warningToastText, type LossRule } from '../utils/limits'

/**
 * One toast each time a loss meter crosses 50, 80 or 95% upwards (meters.*.warning). The first
 * state seen of an account only sets the baseline: the panel shows it, nothing was crossed.
 * A day reset brings the daily meter back to 0, so the next crossing warns again.
 */
export function useLimitWarningToasts(accountId: string, meters: RuleMeters | undefined) {
  const seen = useRef<{ accountId: string; levels: Record<LossRule, WarningLevel> } | null>(null)
  useEffect(() => {
    if (!meters) return
    const levels = warningLevels(meters)
    const previous = seen.current?.accountId === accountId ? seen.current.levels : null
    seen.current = { accountId, levels }
    if (!previous) return
    for (const rule of lossRules) {
      const level = levels[rule]
      if (level > previous[rule] && level > 0 && level < 100) {
        toast.warning(warningToastText(rule, level), { id: `limit:${accountId}:${rule}:${level}` })
      }
    }
  }, [accountId, meters])
}
