/**
 * Phone numbers as spec 5 shows them: 10 digits as (xxx) xxx-xxxx, 11 digits starting with 1 as
 * +1 (xxx) xxx-xxxx. Anything else (international numbers, partial input) is returned as typed,
 * because guessing a format for it would misrepresent the number.
 */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '')
  const nanp = /^1?(\d{3})(\d{3})(\d{4})$/.exec(digits)
  if (!nanp) return value.trim()
  const local = `(${nanp[1]}) ${nanp[2]}-${nanp[3]}`
  if (digits.length === 10) return local
  return `+1 ${local}`
}
