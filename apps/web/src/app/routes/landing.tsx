import { DocumentTitle } from '@/components/document-title'
import { Island } from '@/components/island'
import { LandingPage } from '@/features/landing/components/landing-page'
import { LandingBody } from '../islands/landing-body'

/**
 * / and /home (spec 2.3). Each section's body is an island (decision 0029), composed in
 * ../islands/landing-body.tsx with the other features it needs, loaded as it nears the screen.
 */
export default function LandingRoute() {
  return (
    <>
      <DocumentTitle title="Home" />
      <LandingPage
        renderBody={({ id, reserve }) => (
          <Island name="landing-body" props={{ section: id, reserve }}>
            <LandingBody section={id} reserve={reserve} />
          </Island>
        )}
      />
    </>
  )
}
