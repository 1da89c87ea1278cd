/** One dealer of the dealer master file, as the dealer directory stores it. */
export interface DealerDirectoryRow {
  /** Trimmed and upper-cased: letters and digits only. */
  bac: string
  name: string
  address: string
  city: string
  /** A US_STATES code. */
  state: string
  /** Five digits. */
  postal: string
  country: string
}
