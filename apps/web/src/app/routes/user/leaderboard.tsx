import { leaderboardMessages } from '@tp/api/leaderboard'
import { PageHeader } from '@/components/page-header'
import { Leaderboard } from '@/features/leaderboard/components/leaderboard'

export default function LeaderboardRoute() {
  return (
    <>
      <PageHeader title={leaderboardMessages.title} description={leaderboardMessages.intro} />
      <Leaderboard />
    </>
  )
}
