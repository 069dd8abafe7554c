import { useMutation } from '@tanstack/react-query'
import {
  serviceSubmitResponseSchema,
  type AntiBotFields,
  type ContactFields,
  type NewsletterFields,
  type PartnerFields,
} from '@tp/api/service'
import { api } from '@/lib/api-client'

// POST /api/service/contact | become-partner | newsletter -> { message } (spec 7)
// The caller's session, if any, goes along: a signed-in sender is recorded with the message.

async function submit(path: string, body: object): Promise<string> {
  const response = await api.post(path, body, serviceSubmitResponseSchema)
  return response.message
}

export const sendContactMessage = (input: ContactFields & AntiBotFields) =>
  submit('/service/contact', input)

export const applyAsPartner = (input: PartnerFields & AntiBotFields) =>
  submit('/service/become-partner', input)

export const subscribeToNewsletter = (input: NewsletterFields & AntiBotFields) =>
  submit('/service/newsletter', input)

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage })
}

export function useApplyAsPartner() {
  return useMutation({ mutationFn: applyAsPartner })
}

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter })
}
