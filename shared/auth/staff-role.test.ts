import { describe, expect, it } from 'vitest'
import { regionNameKey } from './staff-role.js'

describe('regionNameKey: the key a region name is compared by', () => {
  it('matches a Latin name in any case, with or without spaces and punctuation, as before', () => {
    for (const name of [
      'Great Lakes',
      'GreatLakes',
      'great-lakes',
      'GREAT_LAKES',
      ' Great.Lakes ',
    ]) {
      expect(regionNameKey(name)).toBe('greatlakes')
    }
    expect(regionNameKey('Mid-Atlantic')).toBe(regionNameKey('MidAtlantic'))
    expect(regionNameKey('Route 66')).toBe('route66')
    expect(regionNameKey('Great Lakes')).not.toBe(regionNameKey('Great Lake'))
  })

  it('tells non-Latin names apart: each keeps its letters and digits', () => {
    const names = ['Москва', 'Киев', '東京', '大阪', 'Île-de-France', 'Ile-de-France', 'Αθήνα']
    const keys = names.map(regionNameKey)
    expect(keys.every((key) => key !== '')).toBe(true)
    expect(new Set(keys).size).toBe(names.length)
    expect(regionNameKey('Île-de-France')).toBe('îledefrance')
  })

  it('matches a non-Latin name in any case and Unicode form', () => {
    expect(regionNameKey('МОСКВА')).toBe(regionNameKey('Москва'))
    expect(regionNameKey('ÎLE-DE-FRANCE')).toBe(regionNameKey('Île de France'))
    // Composed or decomposed (NFC or NFD), full-width (NFKC), ß and ss (case folding).
    expect(regionNameKey('I\u0302le-de-France')).toBe(regionNameKey('\u00CEle-de-France'))
    expect(regionNameKey('ＴＯＫＹＯ')).toBe(regionNameKey('Tokyo'))
    expect(regionNameKey('Straße')).toBe(regionNameKey('STRASSE'))
    // A Greek final sigma is a sigma, wherever the spaces of the name were.
    expect(regionNameKey('ΟΔΟΣ Α')).toBe(regionNameKey('ΟδοςΑ'))
  })

  it('keeps the vowel signs of scripts that write vowels as marks (Bihar is not Bahar)', () => {
    expect(regionNameKey('बिहार')).not.toBe(regionNameKey('बहार'))
  })

  it('keys a name without letters or digits to nothing', () => {
    expect(regionNameKey(' - . ')).toBe('')
  })
})
