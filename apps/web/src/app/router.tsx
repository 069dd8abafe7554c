import { useState, type ComponentType } from 'react'
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router'
import { RouterProvider } from 'react-router/dom'
import { ComingSoon } from '@/components/coming-soon'
import { AdminLayout, StandaloneLayout, UserLayout } from '@/components/layouts/layouts'
import { paths } from '@/config/paths'
import { RequireAdmin, RequireSignedIn, RequireTrader } from './guards'
import { PageSpinner, RouteError } from './route-error'
import { Root } from './routes/root'

type RouteModule = { default: ComponentType; handle?: unknown }

/**
 * Code-split pages load on first visit; the shell and placeholders ship in the first bundle. A
 * page module's `handle` (e.g. its title and meta description) becomes the route's handle. The
 * public site's layout and landing page are code-split too: the signed-in shell carries neither
 * (decision 0041).
 */
const lazyPage = (load: () => Promise<RouteModule>) => async () => {
  const page = await load()
  return page.handle === undefined
    ? { Component: page.default }
    : { Component: page.default, handle: page.handle }
}

/** A page that later work fills in (see ComingSoon). */
const comingSoon = (path: string, title: string): RouteObject => ({
  path,
  element: <ComingSoon title={title} />,
})

/** Every route of spec 2.1 with its guard; anything else goes to /. */
export function createRoutes(): RouteObject[] {
  return [
    {
      element: <Root />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageSpinner />,
      children: [
        {
          lazy: lazyPage(() => import('./routes/public-site')),
          children: [
            { path: paths.home.path, lazy: lazyPage(() => import('./routes/landing')) },
            { path: paths.homeAlias.path, lazy: lazyPage(() => import('./routes/landing')) },
            {
              path: paths.info.aboutUs.path,
              lazy: lazyPage(() => import('./routes/info/about-us')),
            },
            {
              path: paths.info.contactUs.path,
              lazy: lazyPage(() => import('./routes/info/contact-us')),
            },
            { path: paths.info.faq.path, lazy: lazyPage(() => import('./routes/info/faq')) },
            {
              path: paths.info.disclaimer.path,
              lazy: lazyPage(() => import('./routes/info/disclaimer')),
            },
            { path: paths.info.terms.path, lazy: lazyPage(() => import('./routes/info/terms')) },
            {
              path: paths.info.privacyPolicy.path,
              lazy: lazyPage(() => import('./routes/info/privacy-policy')),
            },
            {
              path: paths.info.becomeAPartner.path,
              lazy: lazyPage(() => import('./routes/info/become-a-partner')),
            },
            {
              path: paths.newsletter.confirm.path,
              lazy: lazyPage(() => import('./routes/newsletter/confirm')),
            },
            {
              path: paths.newsletter.unsubscribe.path,
              lazy: lazyPage(() => import('./routes/newsletter/unsubscribe')),
            },
            {
              path: paths.info.tradingRules.path,
              lazy: lazyPage(() => import('./routes/info/trading-rules')),
            },
            {
              path: paths.info.testimonials.path,
              lazy: lazyPage(() => import('./routes/info/testimonials')),
            },
            {
              path: paths.checkout.pricing.path,
              lazy: lazyPage(() => import('./routes/checkout/pricing')),
            },
            {
              path: paths.tools.statementCheck.path,
              lazy: lazyPage(() => import('./routes/tools/statement-check')),
            },
            {
              path: paths.checkout.getFunded.path,
              lazy: lazyPage(() => import('./routes/checkout/get-funded')),
            },
            {
              path: paths.checkout.cryptoPayment.path,
              lazy: lazyPage(() => import('./routes/checkout/crypto-payment')),
            },
            {
              path: paths.checkout.cardPayment.path,
              lazy: lazyPage(() => import('./routes/checkout/card-payment')),
            },
          ],
        },
        {
          element: <StandaloneLayout />,
          children: [
            {
              path: paths.auth.login.path,
              lazy: lazyPage(() => import('./routes/auth/login')),
            },
            {
              path: paths.auth.signup.path,
              lazy: lazyPage(() => import('./routes/auth/signup')),
            },
            {
              path: paths.auth.forgotPassword.path,
              lazy: lazyPage(() => import('./routes/auth/forgot-password')),
            },
            {
              path: paths.auth.resetPassword.path,
              lazy: lazyPage(() => import('./routes/auth/reset-password')),
            },
            comingSoon(paths.auth.testLogin.path, 'Test Login'),
            {
              path: paths.checkout.paymentSuccess.path,
              lazy: lazyPage(() => import('./routes/checkout/payment-success')),
            },
            {
              path: paths.certificate.path,
              lazy: lazyPage(() => import('./routes/certificate')),
            },
            {
              element: <RequireSignedIn />,
              children: [
                {
                  path: paths.profileSettings.path,
                  lazy: lazyPage(() => import('./routes/profile-settings')),
                },
              ],
            },
          ],
        },
        {
          path: paths.user.root.path,
          element: <RequireTrader />,
          children: [
            {
              element: <UserLayout />,
              children: [
                { index: true, element: <Navigate to={paths.user.dashboard.getHref()} replace /> },
                {
                  path: paths.user.dashboard.path,
                  lazy: lazyPage(() => import('./routes/user/dashboard')),
                },
                {
                  path: paths.user.account.path,
                  lazy: lazyPage(() => import('./routes/user/account')),
                },
                {
                  path: paths.user.tradingTool.path,
                  lazy: lazyPage(() => import('./routes/user/trading-tool')),
                },
                {
                  path: paths.user.analyticsView.path,
                  lazy: lazyPage(() => import('./routes/user/analytics-view')),
                },
                {
                  path: paths.user.statementImport.path,
                  lazy: lazyPage(() => import('./routes/user/statement-import')),
                },
                {
                  path: paths.user.payouts.path,
                  lazy: lazyPage(() => import('./routes/user/payouts')),
                },
                {
                  path: paths.user.certificates.path,
                  lazy: lazyPage(() => import('./routes/user/certificates')),
                },
                {
                  path: paths.user.billing.path,
                  lazy: lazyPage(() => import('./routes/user/billing')),
                },
                {
                  path: paths.user.leaderboard.path,
                  lazy: lazyPage(() => import('./routes/user/leaderboard')),
                },
                {
                  path: paths.user.calendarNews.path,
                  lazy: lazyPage(() => import('./routes/user/calendar-news')),
                },
                comingSoon(paths.user.academy.path, 'Academy'),
                comingSoon(paths.user.supportTeam.path, 'Support Team'),
                {
                  path: paths.user.connect.path,
                  lazy: lazyPage(() => import('./routes/user/connect')),
                },
              ],
            },
          ],
        },
        {
          path: paths.admin.root.path,
          element: <RequireAdmin />,
          children: [
            {
              element: <AdminLayout />,
              children: [
                { index: true, element: <Navigate to={paths.admin.dashboard.getHref()} replace /> },
                {
                  path: paths.admin.dashboard.path,
                  lazy: lazyPage(() => import('./routes/admin/dashboard')),
                },
                {
                  path: paths.admin.userAccount.path,
                  lazy: lazyPage(() => import('./routes/admin/user-account')),
                },
                {
                  path: paths.admin.user.path,
                  lazy: lazyPage(() => import('./routes/admin/user-detail')),
                },
                {
                  path: paths.admin.tradingAccounts.path,
                  lazy: lazyPage(() => import('./routes/admin/trading-accounts')),
                },
                {
                  path: paths.admin.tradingAccount.path,
                  lazy: lazyPage(() => import('./routes/admin/trading-account')),
                },
                {
                  path: paths.admin.risk.path,
                  lazy: lazyPage(() => import('./routes/admin/risk')),
                },
                {
                  path: paths.admin.audit.path,
                  lazy: lazyPage(() => import('./routes/admin/audit')),
                },
                {
                  path: paths.admin.payouts.path,
                  lazy: lazyPage(() => import('./routes/admin/payouts')),
                },
                {
                  path: paths.admin.coupons.path,
                  lazy: lazyPage(() => import('./routes/admin/coupons')),
                },
                {
                  path: paths.admin.calendar.path,
                  lazy: lazyPage(() => import('./routes/admin/calendar')),
                },
                {
                  path: paths.admin.orders.path,
                  lazy: lazyPage(() => import('./routes/admin/orders')),
                },
                {
                  path: paths.admin.messages.path,
                  lazy: lazyPage(() => import('./routes/admin/messages')),
                },
                {
                  path: paths.admin.message.path,
                  lazy: lazyPage(() => import('./routes/admin/messages')),
                },
                {
                  path: paths.admin.mailbox.path,
                  lazy: lazyPage(() => import('./routes/admin/mailbox')),
                },
                {
                  path: paths.admin.mailboxMessage.path,
                  lazy: lazyPage(() => import('./routes/admin/mailbox')),
                },
              ],
            },
          ],
        },
        { path: '*', element: <Navigate to={paths.home.getHref()} replace /> },
      ],
    },
  ]
}

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(createRoutes()))
  return <RouterProvider router={router} />
}
