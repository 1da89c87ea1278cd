import {
  HISPANIC_FIGURES,
  type HispanicFigure,
  KIT_SIZE_FIGURES,
  type KitSizeFigure,
} from '../../shared/dashboard/dashboard-figures.js'
import type { OrderingColumn } from './schema.js'

/**
 * The kit figures: a kit size with a hispanic option, and the column of `enrollments` in which
 * the database keeps how many of the enrollment's dealer rows order it (migration 0009).
 */
export type KitFigure = `${KitSizeFigure}/${HispanicFigure}`

export const KIT_FIGURES = KIT_SIZE_FIGURES.flatMap((kitSize) =>
  HISPANIC_FIGURES.map((hispanic) => ({
    kitSize,
    hispanic,
    key: `${kitSize}/${hispanic}` as KitFigure,
    column: `ordering_${kitSize.toLowerCase()}_${hispanic.toLowerCase()}` as OrderingColumn,
  })),
)
