import type { DatabaseKind } from '../../db/database.js'

/**
 * Half the base counts by default: the three fuzzing files were a sixth of the unit and API
 * tests' time, and what a request's shape finds is found early (fast-check's own default is 100
 * runs). FUZZ_SCALE=1 runs the base counts, FUZZ_SCALE=20 a long run before a release.
 */
const DEFAULT_SCALE = 0.5

function scale(): number {
  const value = Number(process.env.FUZZ_SCALE ?? DEFAULT_SCALE)
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_SCALE
}

/**
 * Runs of one property: `base` on PGlite, a quarter on PostgreSQL (the same code over another
 * engine), times FUZZ_SCALE (default 0.5).
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
