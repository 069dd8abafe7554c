import type { FaqItem } from '@tp/api/content/faq'
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '@/components/ui/accordion'
import { cn } from '@/lib/utils'

type FaqAccordionProps = {
  items: readonly FaqItem[]
  /** the question open at first (e.g. the one a /faq#<id> link points to) */
  defaultOpenId?: string
  className?: string
}

/**
 * The FAQ of spec 2.3 and 2.5: one answer open at a time, a second click on the open question
 * closes it. Used by the FAQ page (20 questions) and the landing page (5). Each item carries its
 * id, so /faq#<id> links to it. Questions are h3 headings: put the accordion under an h2.
 */
export function FaqAccordion({ items, defaultOpenId, className }: FaqAccordionProps) {
  return (
    <Accordion
      type="single"
      collapsible
      defaultValue={items.some((item) => item.id === defaultOpenId) ? defaultOpenId : undefined}
      className={cn('w-full', className)}
    >
      {items.map((item) => (
        <AccordionItem key={item.id} value={item.id} id={item.id} className="scroll-mt-24">
          <AccordionTrigger className="text-base">{item.question}</AccordionTrigger>
          <AccordionContent className="leading-relaxed">{item.answer}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  )
}
