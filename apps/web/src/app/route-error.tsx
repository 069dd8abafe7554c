import { CircleAlert } from 'lucide-react'
import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { DocumentTitle } from '@/components/document-title'
import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'

/**
 * Shown instead of a page that failed to render or to load. After a deployment an old tab can
 * ask for a code chunk that no longer exists; a reload fetches the new build.
 */
export function RouteError() {
  const error = useRouteError()
  if (!isRouteErrorResponse(error)) console.error(error)
  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <DocumentTitle title="Something went wrong" />
      <CircleAlert aria-hidden className="size-10 text-destructive" />
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="text-muted-foreground">
        This page could not be shown. Reloading usually fixes it; if it does not, please contact
        support.
      </p>
      <div className="flex gap-3">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button asChild variant="outline">
          <Link to={paths.home.getHref()} reloadDocument>
            Go home
          </Link>
        </Button>
      </div>
    </main>
  )
}

export function PageSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status">
      <span className="size-8 animate-spin rounded-full border-2 border-primary border-t-transparent" />
      <span className="sr-only">Loading</span>
    </div>
  )
}
