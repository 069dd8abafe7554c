import { startTransition, StrictMode, useEffect, type ComponentType, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { DeferredToaster } from '@/components/deferred-toaster'
import { HeadOwnedContext } from '@/components/head-owned'
import { getSession } from '@/lib/session'
import { islands, type IslandEntry } from './registry'

// The public entry's work (decision 0029): hydrate every island of the prerendered page on its
// own, each with react-dom alone (no router, no query cache unless its code needs one), then mark
// the page live (html[data-hydrated], which the browser journeys wait for). The rest of the page
// is the server's HTML: its links are page loads.

/** Calls `onCommit` once the tree it is rendered in has hydrated. Renders nothing. */
function Committed({ onCommit }: { onCommit: () => void }) {
  useEffect(onCommit, [onCommit])
  return null
}

function parseProps(element: HTMLElement): Record<string, unknown> {
  const json = element.dataset.props
  return json ? (JSON.parse(json) as Record<string, unknown>) : {}
}

async function islandTree(
  entry: IslandEntry,
  props: Record<string, unknown>,
  onCommit: () => void,
) {
  const Component = await entry.load()
  let tree: ReactNode = <Component {...props} />
  if (entry.withQuery || getSession() !== null) {
    const { default: QueryIsland } = (await import('@/lib/query-island')) as {
      default: ComponentType<{ children: ReactNode }>
    }
    tree = <QueryIsland>{tree}</QueryIsland>
  }
  return (
    <StrictMode>
      {/* the prerendered page's head names it: an island's own <title> stays silent */}
      <HeadOwnedContext value={true}>{tree}</HeadOwnedContext>
      <Committed onCommit={onCommit} />
    </StrictMode>
  )
}

async function hydrateIsland(element: HTMLElement): Promise<void> {
  const name = element.dataset.island as keyof typeof islands
  const entry = islands[name]
  if (!entry) throw new Error(`no island named ${name}`)
  await new Promise<void>((resolve, reject) => {
    islandTree(entry, parseProps(element), resolve)
      .then((tree) => {
        // a transition: hydration yields to the browser instead of one long task
        startTransition(() => void hydrateRoot(element, tree))
      })
      .catch(reject)
  })
}

/** The Toaster, in a root of its own: islands raise toasts, the page has no app shell. */
function mountToaster() {
  const host = document.createElement('div')
  document.body.append(host)
  createRoot(host).render(<DeferredToaster />)
}

export async function hydrateIslands(): Promise<void> {
  // an island inside another hydrates with it
  const elements = [...document.querySelectorAll<HTMLElement>('[data-island]')].filter(
    (element) => element.parentElement?.closest('[data-island]') === null,
  )
  mountToaster()
  await Promise.all(elements.map(hydrateIsland))
  document.documentElement.dataset.hydrated = 'true'
}
