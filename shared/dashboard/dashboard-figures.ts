/**
 * The dashboard's figure keys, apart from its answer's schema: the browser reads them without
 * loading the schema (and the parts of zod it needs) into the public pages' shared chunk. The
 * waits it counts are shared/domain/waiting-days.ts's.
 */
export const KIT_SIZE_FIGURES = ['Large', 'Small'] as const
export const HISPANIC_FIGURES = ['Yes', 'No', 'Only'] as const
export type KitSizeFigure = (typeof KIT_SIZE_FIGURES)[number]
export type HispanicFigure = (typeof HISPANIC_FIGURES)[number]
