// Types of server-bundle.mjs for the TypeScript files that import it.
export interface Server {
  workspace: string;
  source: string;
  compiled: string;
}
export declare const SERVERS: { gateway: Server; web: Server };
export declare function keepModuleLocations(outDir: string): {
  name: string;
  enforce: 'pre';
  transform(code: string, id: string): { code: string; map: null } | null;
};
export interface ServerBuildConfig {
  root: string;
  build: {
    ssr: string;
    outDir: string;
    rolldownOptions: { output: { codeSplitting: boolean; entryFileNames: string } };
  };
}
export declare function serverBundle(server: Server): ServerBuildConfig;
