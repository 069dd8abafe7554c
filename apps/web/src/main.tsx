import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { AppProvider } from './app/provider'
import { createRoutes } from './app/router'
import './index.css'

// The signed-in app (/user, /admin, checkout, auth), served the unrendered shell (spa.html). The
// prerendered public pages load public-main.tsx instead, which hydrates their islands alone
// (decision 0029), so this entry always renders from scratch.
const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={createBrowserRouter(createRoutes())} />
    </AppProvider>
  </StrictMode>,
)
