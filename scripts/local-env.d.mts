export const OFFLINE_ENV: Record<string, string>;
export function localValues(): Record<string, string>;
export function ensureDevVars(path?: string): void;
export function run(command: string, args: string[], options?: object): Promise<void>;
