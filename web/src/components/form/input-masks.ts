/** Zip code input: digits only, at most 5. */
export function maskZip(input: string): string {
  return input.replace(/\D/g, '').slice(0, 5)
}

/** Phone input: 10 digits shown as 555-555-1234. */
export function maskPhone(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 10)
  if (digits.length <= 3) return digits
  if (digits.length <= 6) return `${digits.slice(0, 3)}-${digits.slice(3)}`
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`
}

export type InputMask = 'zip' | 'phone'

export const MASKS: Record<InputMask, (input: string) => string> = {
  zip: maskZip,
  phone: maskPhone,
}
