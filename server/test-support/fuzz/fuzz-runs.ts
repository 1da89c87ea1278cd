import type { DatabaseKind } from '../../db/database.js'

function scale(): number {
  const value = Number(process.env.FUZZ_SCALE ?? '1')
  return Number.isFinite(value) && value > 0 ? value : 1
}

/**
 * Runs of one property: `base` on PGlite, a quarter on PostgreSQL (the same code over another
 * engine), times FUZZ_SCALE (e.g. FUZZ_SCALE=20 for a long run before a release).
 */
export function fuzzRuns(base: number, kind: DatabaseKind): number {
  const runs = kind === 'postgres' ? Math.ceil(base / 4) : base
  return Math.max(1, Math.round(runs * scale()))
}

/** The time limit of one fuzzing test, grown with FUZZ_SCALE. */
export function fuzzTimeout(): number {
  return Math.round(90_000 * Math.max(1, scale()))
}

/** FUZZ_SEED replays a failing run (fast-check prints the seed with the counterexample). */
export function fuzzSeed(): { seed?: number } {
  const seed = Number(process.env.FUZZ_SEED)
  return Number.isInteger(seed) ? { seed } : {}
}
