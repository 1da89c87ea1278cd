import { type PricedRow, rowKits } from '../enrollment/pricing.js'

/** A manifest row's kits: the English kit's size and count, the Hispanic kit's kind and count. */
export interface ShipKits {
  /** Large or Small; null when the row orders Hispanic kits only. */
  englishKit: 'Large' | 'Small' | null
  englishKits: number
  /** 'Add-On' (Hispanic Yes), 'Large Hispanic-Only' or 'Small Hispanic-Only' (Only); null for No. */
  hispanicKit: string | null
  hispanicKits: number
}

/**
 * What one dealer row ships, from the one definition of its kits (`rowKits`, which the invoice,
 * the dashboard and the list's Kits column use): the English kit of its size unless Hispanic is
 * Only, and the Hispanic kit its Hispanic option orders. Null when it orders none (billing None).
 */
export function shipKits(row: PricedRow): ShipKits | null {
  const kits = rowKits(row)
  let englishKit: ShipKits['englishKit'] = null
  let englishKits = 0
  let hispanicKit: string | null = null
  let hispanicKits = 0
  for (const [description, quantity] of Object.entries(kits)) {
    if (!quantity) continue
    const english = /^(Large|Small) English Kit$/.exec(description)
    if (english) {
      englishKit = english[1] as 'Large' | 'Small'
      englishKits += quantity
    } else if (description === 'Hispanic Add-On Kit') {
      hispanicKit = 'Add-On'
      hispanicKits += quantity
    } else {
      hispanicKit = description.replace(/ Kit$/, '')
      hispanicKits += quantity
    }
  }
  if (englishKits + hispanicKits === 0) return null
  return { englishKit, englishKits, hispanicKit, hispanicKits }
}
