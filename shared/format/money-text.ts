/**
 * How an amount is shown, everywhere (docs/product.md#prices): '$' with thousands separators and
 * two decimals, '$1,250.50'. Amounts are kept in integer cents; the wire carries dollars.
 */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

const wholeUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
})

/** 125050 cents → '$1,250.50'. */
export function formatMoney(cents: number): string {
  return usd.format(Math.round(cents) / 100)
}

/** An amount in dollars, as the wire carries it, rounded to cents first: 0.1 + 0.2 → '$0.30'. */
export function formatDollars(amount: number): string {
  return formatMoney(Math.round(amount * 100))
}

/** A price as the forms' hints show it: whole dollars without cents ('$400'), else '$1.50'. */
export function formatPrice(cents: number): string {
  return cents % 100 === 0 ? wholeUsd.format(cents / 100) : formatMoney(cents)
}
