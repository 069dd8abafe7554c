import { useMutation } from '@tanstack/react-query'
import { cryptoCreateResponseSchema, type CryptoSession } from '@tp/api'
import { api } from '@/lib/api-client'

// POST /api/payment/white-label/create {orderId, currency, network?} -> 201 { result: session }

export type CryptoSessionInput = { orderId: string; currency: string; network?: string }

export async function createCryptoSession(input: CryptoSessionInput): Promise<CryptoSession> {
  const response = await api.post('/payment/white-label/create', input, cryptoCreateResponseSchema)
  return response.result
}

export function useCreateCryptoSession() {
  return useMutation({ mutationFn: createCryptoSession })
}
