import { ArrowRight } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useStartChallenge } from '../hooks/use-start-challenge'

/** START CHALLENGE (spec 2.3): an island of the prerendered landing page. */
export function StartChallengeButton() {
  const { start, isDeciding } = useStartChallenge()
  return (
    <Button
      size="lg"
      className="w-full sm:w-auto"
      isPending={isDeciding}
      onClick={() => void start()}
    >
      START CHALLENGE
      <ArrowRight aria-hidden className="size-4" />
    </Button>
  )
}
