import { DateTime } from 'luxon'
import type { ServiceMessageKind, ServiceMessageStatus } from '@tp/api/service'

export function formatDateTime(iso: string) {
  const date = DateTime.fromISO(iso)
  return date.isValid ? date.toLocaleString(DateTime.DATETIME_MED) : iso
}

export const kindLabels: Record<ServiceMessageKind, string> = {
  contact: 'Contact',
  partner: 'Partner application',
}

export const statusLabels: Record<ServiceMessageStatus, string> = {
  open: 'Open',
  answered: 'Answered',
}
