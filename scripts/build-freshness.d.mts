// Types of build-freshness.mjs for the TypeScript files that import it.
export declare const BUILD_INPUTS: readonly string[];
export declare const BUILD_OUTPUTS: readonly string[];
export declare function buildIsStale(root: string): boolean;
export declare function buildIfStale(
  root: string,
  options?: { env?: NodeJS.ProcessEnv; log?: (message: string) => void },
): boolean;
