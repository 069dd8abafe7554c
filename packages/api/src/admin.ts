import { z } from 'zod'
import { roleSchema } from './auth'

export const userStatusSchema = z.enum(['active', 'disabled'])
export type UserStatus = z.infer<typeof userStatusSchema>

// GET /api/admin/users?page=1&pageSize=20 -> { data: { users, page, pageSize, total } }
export const adminUsersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
})
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: roleSchema,
  status: userStatusSchema,
  createdAt: z.string(),
})
export type AdminUser = z.infer<typeof adminUserSchema>

export const adminUsersResponseSchema = z.object({
  data: z.object({
    users: z.array(adminUserSchema),
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
  }),
})
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>
