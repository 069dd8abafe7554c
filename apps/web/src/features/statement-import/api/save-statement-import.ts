import { useMutation, useQueryClient } from '@tanstack/react-query'
import { saveStatementImportResponseSchema } from '@tp/api/statement-import-schemas'
import { api } from '@/lib/api-client'
import { importedAccountsQueryKey } from '@/lib/imported-accounts'

// POST /api/statement-imports multipart {file} -> { data: ImportedAccount }: the server imports
// the same bytes again with the same importer; the browser's reading is never trusted.

export async function saveStatementImport(file: File) {
  const body = new FormData()
  body.append('file', file)
  return (await api.post('/statement-imports', body, saveStatementImportResponseSchema)).data
}

export function useSaveStatementImport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveStatementImport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importedAccountsQueryKey }),
  })
}
