import type { Outcome } from './agent/outcome.js';
import type { ResolvedDate } from './parse.js';

/** The validated inputs: what every flow below the entry layer reads instead of inputs. */
export type Settings = AgentSettings | VisitorsSettings;

export type Command = Settings['command'];
export const COMMANDS = ['agent', 'visitors'] as const satisfies readonly Command[];

export type DiffMode = 'auto' | 'true' | 'false';

export interface CommonSettings {
  readonly apiKey: string;
  readonly projectId: string;
  readonly baseUrl: string;
  readonly githubToken: string;
  readonly requestTimeoutMs: number;
  readonly retries: number;
  readonly dryRun: boolean;
  /** The whole step's deadline: waiting for a job, or a visitor export with its retries. */
  readonly timeoutMs: number;
}

export interface AgentSettings extends CommonSettings {
  readonly command: 'agent';
  readonly prompt: string;
  readonly jobId: string | undefined;
  readonly diff: DiffMode;
  readonly diffInclude: readonly string[];
  readonly diffExclude: readonly string[];
  readonly diffMaxChars: number;
  readonly allowForks: boolean;
  readonly wait: boolean;
  readonly pollIntervalMs: number;
  readonly pollIntervalMaxMs: number;
  readonly failOn: ReadonlySet<Outcome>;
  readonly prComment: boolean;
  readonly reuseJob: boolean;
}

export interface VisitorsSettings extends CommonSettings {
  readonly command: 'visitors';
  /** Undefined when the input is empty: the parameter is then not sent. */
  readonly dateFrom: ResolvedDate | undefined;
  readonly dateTo: ResolvedDate | undefined;
  readonly pageSize: number;
  readonly offset: number;
  readonly maxRows: number;
  readonly concurrency: number;
  readonly comparePrevious: boolean;
  readonly summaryRows: number;
  readonly outputDir: string;
  readonly artifactName: string;
}
