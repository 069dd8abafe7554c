// Types of build-web-if-changed.mjs, for the test that imports it.
export declare const WEB_BUILD_INPUTS: readonly string[]
export declare const STAMP_FILE: string
export declare function stampPath(root: string): string
export declare function webSourcesHash(root?: string, env?: NodeJS.ProcessEnv): string
export declare function webBuildState(
  root?: string,
  env?: NodeJS.ProcessEnv,
): { hash: string; isUpToDate: boolean; reason: string }
export declare function buildWebIfChanged(options?: {
  root?: string
  env?: NodeJS.ProcessEnv
  force?: boolean
  build?: (root: string) => number
  log?: (message: string) => void
}): number
