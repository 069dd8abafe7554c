import { useQuery } from '@tanstack/react-query'
import { certificateVerificationSchema } from '@tp/api/certificates'
import { api, ApiError } from '@/lib/api-client'

// GET /api/certificates/{hash} (public): the details of a genuine certificate; 404 for any other
// hash, which the page shows as "not a valid certificate" (null here), never as an error.

export async function verifyCertificate(hash: string, signal?: AbortSignal) {
  try {
    return await api.get(
      `/certificates/${encodeURIComponent(hash)}`,
      certificateVerificationSchema,
      { signal, authenticated: false },
    )
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

export function useCertificateVerification(hash: string) {
  return useQuery({
    queryKey: ['certificate', hash],
    queryFn: ({ signal }) => verifyCertificate(hash, signal),
    enabled: hash !== '',
    staleTime: 5 * 60_000,
  })
}
