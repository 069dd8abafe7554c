import { describe, expect, it } from 'vitest'
import { userSchema } from '@tp/api/auth'
import { makeUser } from '@/testing/mock-api'
import { parseStoredUser } from './stored-user'

const valid = makeUser({ name: 'Ada', picture: 'avatars/ada.png', phone: '+1 604 555 0100' })

/** Each field of a valid user replaced by a wrong value, or removed. */
function variants(): unknown[] {
  const wrongValues: unknown[] = [undefined, null, 0, true, 'x', {}, []]
  const out: unknown[] = [null, 'user', 42, [], {}]
  for (const key of Object.keys(valid)) {
    for (const wrong of wrongValues) out.push({ ...valid, [key]: wrong })
    const { [key as keyof typeof valid]: _removed, ...without } = valid
    out.push(without)
  }
  out.push({ ...valid, role: 'superuser' }, { ...valid, extra: 'dropped' })
  out.push(makeUser({ name: null, picture: null, phone: null, role: 'admin' }))
  out.push(makeUser({ name: null, picture: null, phone: null, role: 'support' }))
  return out
}

describe('the stored user, checked without zod', () => {
  it('gives the same verdict and value as the shared userSchema', () => {
    for (const value of variants()) {
      const parsed = userSchema.safeParse(value)
      expect(parseStoredUser(value), JSON.stringify(value)).toEqual(
        parsed.success ? parsed.data : null,
      )
    }
  })

  it('knows every field of the schema', () => {
    expect(Object.keys(parseStoredUser(valid)!).sort()).toEqual(
      Object.keys(userSchema.shape).sort(),
    )
  })
})
