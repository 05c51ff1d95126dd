// Types of dockerfile.mjs, for the TypeScript tests that read the Dockerfile.
export interface Instruction {
  keyword: string;
  args: string;
  line: number;
}
export interface Stage {
  image: string;
  name: string | null;
  line: number;
  instructions: Instruction[];
}
export declare function parseDockerfile(text: string): Stage[];
export declare function parseCopy(instruction: Instruction): {
  from: string | null;
  sources: string[];
  dest: string;
};
export declare function execForm(instruction: Instruction): string[];
export declare function parseEnv(instruction: Instruction): Record<string, string>;
export declare function dockerignore(text: string): (rel: string) => boolean;
