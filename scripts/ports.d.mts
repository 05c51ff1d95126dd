// Types of ports.mjs for the TypeScript files that import it.
export declare function freePorts(count: number): Promise<number[]>;
export declare function freePort(): Promise<number>;
export declare function listensOn(pid: number, port: number): boolean;
export declare function portTaken(output: string): boolean;
