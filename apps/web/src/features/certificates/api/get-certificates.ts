import { queryOptions, useQuery } from '@tanstack/react-query'
import { certificateListResponseSchema } from '@tp/api/certificates'
import { api } from '@/lib/api-client'

// GET /api/service/get-certificates (spec 7) -> {result: [{id, certificate, ...details}]}

export function certificatesQueryOptions() {
  return queryOptions({
    queryKey: ['certificates'],
    queryFn: async ({ signal }) =>
      (await api.get('/service/get-certificates', certificateListResponseSchema, { signal }))
        .result,
  })
}

export function useCertificates() {
  return useQuery(certificatesQueryOptions())
}
