import { count, desc } from 'drizzle-orm'
import type { AdminUser } from '@tp/api'
import type { AppContext } from '../../context'
import { users } from '../../db/schema'

export async function listUsers(ctx: AppContext, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        role: users.role,
        status: users.status,
        createdAt: users.createdAt,
      })
      .from(users)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db.select({ value: count() }).from(users),
  ])
  const list: AdminUser[] = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }))
  return { users: list, page, pageSize, total: total?.value ?? 0 }
}
