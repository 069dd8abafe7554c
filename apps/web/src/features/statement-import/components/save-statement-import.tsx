import type { ReactNode } from 'react'
import { statementImportMessages as text } from '@tp/api/statement-import'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { getErrorMessage } from '@/lib/api-client'
import { useSaveStatementImport } from '../api/save-statement-import'

/** Saves the dropped file as a read-only imported account (the server reads it again). */
export function SaveStatementImport({ file, savedLink }: { file: File; savedLink?: ReactNode }) {
  const save = useSaveStatementImport()
  if (save.isSuccess) {
    return (
      <Alert variant="success">
        <p>{text.saved}</p>
        {savedLink}
      </Alert>
    )
  }
  return (
    <div className="grid justify-items-start gap-2">
      <Button isPending={save.isPending} onClick={() => save.mutate(file)}>
        {save.isPending ? text.saving : text.save}
      </Button>
      {save.isError ? (
        <Alert variant="error">
          <p>{getErrorMessage(save.error)}</p>
        </Alert>
      ) : null}
    </div>
  )
}
