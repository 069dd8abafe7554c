import { useParams } from 'react-router'
import { PageHeader } from '@/components/page-header'
import {
  ExportSubscribersButton,
  MessagesInbox,
} from '@/features/admin-messages/components/messages-inbox'
import { MessageView } from '@/features/admin-messages/components/message-view'

export default function MessagesRoute() {
  const { messageId } = useParams()
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-x-4">
        <PageHeader
          title="Messages"
          description="Contact messages and partner applications from the public site. An answer is emailed to the sender."
        />
        <div className="mb-6">
          <ExportSubscribersButton />
        </div>
      </div>
      {messageId ? <MessageView messageId={messageId} /> : <MessagesInbox />}
    </>
  )
}
