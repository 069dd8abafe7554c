import { FileUp } from 'lucide-react'
import { useId, useState, type DragEvent } from 'react'
import { statementImportMessages as text } from '@tp/api/statement-import'
import { cn } from '@/lib/utils'

/**
 * Where a statement is dropped or chosen: a labelled file input (keyboard and screen readers
 * reach it as one) inside a box that takes a dragged file too.
 */
export function StatementDropZone({
  onFile,
  isBusy,
}: {
  onFile: (file: File) => void
  isBusy: boolean
}) {
  const inputId = useId()
  const hintId = useId()
  const [isDragging, setIsDragging] = useState(false)

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setIsDragging(false)
    const file = event.dataTransfer.files[0]
    if (file) onFile(file)
  }

  return (
    <div
      data-testid="statement-drop-zone"
      onDragOver={(event) => {
        event.preventDefault()
        setIsDragging(true)
      }}
      onDragLeave={() => setIsDragging(false)}
      onDrop={onDrop}
      className={cn(
        'grid justify-items-center gap-3 rounded-lg border-2 border-dashed border-border bg-surface px-4 py-8 text-center transition-colors',
        'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring',
        isDragging && 'border-primary bg-surface-2',
      )}
    >
      <FileUp aria-hidden className="size-8 text-muted-foreground" />
      <label htmlFor={inputId} className="grid gap-1">
        <span className="font-semibold">{text.dropLabel}</span>
        <span id={hintId} className="text-sm text-muted-foreground">
          {text.dropHint}
        </span>
      </label>
      <label
        htmlFor={inputId}
        aria-hidden
        className={cn(
          'inline-flex h-10 cursor-pointer items-center rounded-md bg-primary px-4 text-sm font-semibold text-primary-foreground hover:bg-primary-hover',
          isBusy && 'pointer-events-none opacity-60',
        )}
      >
        {text.chooseFile}
      </label>
      <input
        id={inputId}
        type="file"
        accept=".htm,.html,text/html"
        aria-describedby={hintId}
        disabled={isBusy}
        className="sr-only"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0]
          // the same file chosen again after a fix must fire a change
          event.currentTarget.value = ''
          if (file) onFile(file)
        }}
      />
    </div>
  )
}
