import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { resolveLazyMatches } from './app/hydrate'
import { AppProvider } from './app/provider'
import { createRoutes } from './app/router'
import './index.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

async function start(container: HTMLElement) {
  const routes = createRoutes()
  // a prerendered public page (decision 0025) arrives with its HTML: hydrate it, with the
  // matched pages' code loaded first so the first render is that same page
  const isPrerendered = container.firstElementChild !== null
  if (isPrerendered) await resolveLazyMatches(routes, window.location.pathname)
  const router = createBrowserRouter(routes, {
    // no route loads data: nothing to hand over but "loaded"
    ...(isPrerendered ? { hydrationData: { loaderData: {} } } : {}),
  })
  const app = (
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  )
  // as a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (the page is already painted and readable meanwhile)
  if (isPrerendered) startTransition(() => void hydrateRoot(container, app))
  else createRoot(container).render(app)
}

void start(root)
