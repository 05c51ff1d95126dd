// Types of ports.mjs for the TypeScript files that import it.
export declare function freePorts(count: number): Promise<number[]>;
export declare function freePort(): Promise<number>;
export declare function listensOn(pid: number, port: number): boolean;
export declare function portTaken(output: string): boolean;
export declare class PortTaken extends Error {}
export declare function waitUntilServing(o: {
  name: string;
  url: string;
  pid: number;
  port: number;
  exited(): string | number | null;
  output(): string;
  timeoutMs: number;
  tryMs?: number;
  intervalMs?: number;
}): Promise<number>;
export declare function onFreePort<T>(start: (port: number) => Promise<T>, attempts?: number): Promise<T>;
