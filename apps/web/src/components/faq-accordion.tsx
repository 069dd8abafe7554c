import { useEffect, useState } from 'react'
import type { FaqItem } from '@tp/api/content/faq'
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '@/components/ui/accordion'
import { useHash } from '@/lib/navigation'
import { cn } from '@/lib/utils'

type FaqAccordionProps = {
  items: readonly FaqItem[]
  /**
   * The question a link points to (e.g. the hash of /faq#payouts): opened once the page runs, so
   * the prerendered HTML, which knows no hash, hydrates without a mismatch.
   */
  linkedId?: string
  className?: string
}

/**
 * The FAQ of spec 2.3 and 2.5: one answer open at a time, a second click on the open question
 * closes it. Used by the FAQ page (20 questions) and the landing page (5). Each item carries its
 * id, so /faq#<id> links to it. Questions are h3 headings: put the accordion under an h2. The
 * answers are always in the page (hidden while closed), so the prerendered HTML holds them and a
 * visitor without JavaScript reads them all.
 */
export function FaqAccordion({ items, linkedId, className }: FaqAccordionProps) {
  const [openId, setOpenId] = useState('')
  useEffect(() => {
    if (linkedId && items.some((item) => item.id === linkedId)) setOpenId(linkedId)
  }, [items, linkedId])
  return (
    <Accordion
      type="single"
      collapsible
      value={openId}
      onValueChange={setOpenId}
      className={cn('w-full', className)}
    >
      {/* without JavaScript the answers cannot open: show them all */}
      <noscript>
        <style>{'[data-faq-answer]{display:block!important}'}</style>
      </noscript>
      {items.map((item) => (
        <AccordionItem key={item.id} value={item.id} id={item.id} className="scroll-mt-24">
          <AccordionTrigger className="text-base">{item.question}</AccordionTrigger>
          <AccordionContent
            forceMount
            // inline, so the noscript rule above can override it (the `hidden` attribute cannot
            // be: Tailwind's base layer hides it with !important)
            style={openId === item.id ? undefined : { display: 'none' }}
            data-faq-answer=""
            className="leading-relaxed"
          >
            {item.answer}
          </AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  )
}

/** "#payouts" -> "payouts"; a malformed escape links nowhere. */
function idOfHash(hash: string): string | undefined {
  try {
    return decodeURIComponent(hash.slice(1)) || undefined
  } catch {
    return undefined
  }
}

/**
 * The FAQ page's accordion, opening the question the URL's hash names (/faq#payouts): an island
 * of the prerendered page (decision 0029), given its items as props.
 */
export function LinkedFaqAccordion({ items }: { items: readonly FaqItem[] }) {
  return <FaqAccordion items={items} linkedId={idOfHash(useHash())} />
}
