import { useMutation } from '@tanstack/react-query'
import {
  metatraderConnectionTestResponseSchema,
  type MetatraderConnectionTestRequest,
} from '@tp/api/metatrader'
import { api } from '@/lib/api-client'

// POST /api/metatrader/connection-test (spec 2.13; decision 0043): 200 with `connected` and the
// account, or `failed` with the platform's reason. The password goes in the body of this one
// request and is kept nowhere in the browser afterwards (not in the query cache: a mutation).

export const testMetatraderConnection = (input: MetatraderConnectionTestRequest) =>
  api.post('/metatrader/connection-test', input, metatraderConnectionTestResponseSchema)

export function useTestMetatraderConnection() {
  return useMutation({ mutationFn: testMetatraderConnection, gcTime: 0 })
}
