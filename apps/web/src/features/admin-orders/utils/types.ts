import type { z } from 'zod'
import type { adminOrderSchema } from '@tp/api'

/** An order as the admin list shows it (packages/api exports the schema, not its type). */
export type AdminOrderDto = z.infer<typeof adminOrderSchema>
