import { useParams } from 'react-router'
import { MailboxList, MailView } from '@/features/dev-mailbox/components/mailbox'
import { PageHeader } from '@/components/page-header'

export default function MailboxRoute() {
  const { messageId } = useParams()
  return (
    <>
      <PageHeader
        title="Mailbox"
        description="Emails the app sent while running locally, with their links."
      />
      {messageId ? <MailView messageId={messageId} /> : <MailboxList />}
    </>
  )
}
