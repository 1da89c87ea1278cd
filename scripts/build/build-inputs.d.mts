/** The types of build-inputs.mjs (plain JavaScript: it runs before anything is compiled). */
export declare const STAMP: string
export declare function inputsHash(root: string): string
export declare function isBuilt(root: string, hash: string): boolean
export declare function stampBuild(root: string, hash: string): void
