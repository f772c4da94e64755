export interface Program {
  name: string;
  /** One of these sets of paths, every path of the set present. */
  anyOf: string[][];
  packages: string[];
  /** The environment variable that chose this program's path. */
  variable?: string;
  /** With `variable`: the Debian packages of the program it replaced. */
  debian?: string[];
  /** The environment variable that would choose another. */
  chooser?: string;
}

export interface Machine {
  exists(path: string): boolean;
  isRoot(): boolean;
  canSudo(): boolean;
  run(command: string, args: string[]): number;
  log(line: string): void;
}

export function programs(env: Record<string, string | undefined>): Record<string, Program>;
export function programPath(id: string, env?: Record<string, string | undefined>, exists?: (path: string) => boolean): string;
export function testNeeds(env: Record<string, string | undefined>, answers?: (host: string, port: number) => Promise<boolean>): Promise<string[]>;
export function testDatabaseAnswers(env: Record<string, string | undefined>, options?: { answers?: (host: string, port: number) => Promise<boolean>; log?: (line: string) => void }): Promise<boolean>;
export const system: Machine;
export function ensurePrograms(needs: string[], options?: Partial<Machine> & { env?: Record<string, string | undefined>; caller?: string }): Promise<boolean>;
