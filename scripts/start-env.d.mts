// Types of start-env.mjs for the TypeScript files that import it.
export declare const RUNTIME_ENV: Readonly<{ MALLOC_MMAP_THRESHOLD_: string }>;
export declare function startEnvironments(processEnv: NodeJS.ProcessEnv): {
  gateway: NodeJS.ProcessEnv;
  web: NodeJS.ProcessEnv;
  build: NodeJS.ProcessEnv;
  gatewayPort: string;
};
export declare function serverCommands(
  processEnv: NodeJS.ProcessEnv,
): { name: 'gateway' | 'web'; args: string[]; env: NodeJS.ProcessEnv }[];
