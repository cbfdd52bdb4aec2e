/**
 * Agent jobs and their scripted lives. A script is a list of phases; the POST answers the first
 * phase, and each GET first counts itself against the current phase, moves on when the phase is
 * used up (its `polls` GETs, or `forMs` of the clock since it began), then answers. So
 * `[{status: 'active', polls: 2}, {status: 'completed', prLink: true}]` answers `active` to the
 * create and the first GET, and `completed` with a PR link from the second GET on. The last
 * phase holds forever.
 */

export interface JobPhase {
  status: string;
  polls?: number;
  forMs?: number;
  prLink?: boolean;
  /**
   * The branch the job names in `source.ref` from this phase on: `null` for none. By default a
   * job works on a branch of its own from the start, as the vendor documents `source.ref`.
   */
  ref?: string | null;
}

export type JobScript = JobPhase[];

export const scripts = {
  prAfter: (polls: number): JobScript => [
    { status: 'active', polls },
    { status: 'completed', prLink: true },
  ],
  noPrAfter: (polls: number): JobScript => [{ status: 'active', polls }, { status: 'completed' }],
  failAfter: (polls: number): JobScript => [{ status: 'active', polls }, { status: 'failed' }],
  /** Straight from active to archived, as the action sees a job archived between two polls. */
  archivedAfter: (polls: number): JobScript => [
    { status: 'active', polls },
    { status: 'archived', prLink: true },
  ],
  stayActive: (): JobScript => [{ status: 'active' }],
  unknownThenPr: (polls: number): JobScript => [
    { status: 'active', polls: 1 },
    { status: 'queued', polls },
    { status: 'completed', prLink: true },
  ],
  completeAfterMs: (ms: number, prLink = true): JobScript => [
    { status: 'active', forMs: ms },
    { status: 'completed', prLink },
  ],
};

export interface SimJob {
  readonly id: string;
  readonly projectId: string;
  status: string;
  prLink: string | null;
  readonly createdAt: string;
  archivedAt: string | null;
  readonly prompt: string;
  /** Follow-up prompts, in order. */
  readonly messages: string[];
  /** GETs answered so far. */
  polls: number;
  script: JobScript;
  phase: number;
  phasePolls: number;
  phaseStartedAt: number;
  prNumber: number | undefined;
  /** The working branch (`source.ref`): the documentation PR's branch, the one to preview. */
  ref: string | null;
  /** The PR link a test queued for this job, if any. */
  givenPrLink?: string;
}

export const DOCS_REPOSITORY = 'https://github.com/acme-sim/docs';

export class JobStore {
  private readonly jobs = new Map<string, SimJob>();
  private readonly queued: JobScript[] = [];
  private readonly queuedIds: string[] = [];
  private nextId = 1;
  private nextPr = 100;
  private readonly queuedPrLinks: string[] = [];
  /** What every job answers as `source.repository`: the documentation repository. */
  sourceRepository = DOCS_REPOSITORY;

  constructor(
    private readonly now: () => number,
    private readonly defaultScript: JobScript,
  ) {}

  queue(...scripts: JobScript[]): void {
    this.queued.push(...scripts);
  }

  /** Forgets the scripts, IDs and PR links queued and not taken: a test's next case starts from none. */
  clearQueues(): void {
    this.queued.length = 0;
    this.queuedIds.length = 0;
    this.queuedPrLinks.length = 0;
  }

  /** The PR links the next jobs to open a PR report, in order, instead of `<source.repository>/pull/<n>`. */
  queuePrLinks(...links: string[]): void {
    this.queuedPrLinks.push(...links);
  }

  /** The IDs the next new jobs get, in order, instead of the simulator's own `job_…`: any string. */
  queueIds(...ids: string[]): void {
    this.queuedIds.push(...ids);
  }

  get(id: string): SimJob | undefined {
    return this.jobs.get(id);
  }

  all(): SimJob[] {
    return [...this.jobs.values()];
  }

  create(projectId: string, prompt: string): SimJob {
    const id = this.queuedIds.shift() ?? `job_${(0x5a3f00 + this.nextId++).toString(16)}`;
    const job: SimJob = {
      id,
      projectId,
      status: 'active',
      prLink: null,
      createdAt: new Date(this.now()).toISOString(),
      archivedAt: null,
      prompt,
      messages: [],
      polls: 0,
      script: this.takeScript(),
      phase: 0,
      phasePolls: 0,
      phaseStartedAt: this.now(),
      prNumber: undefined,
      ref: `mintlify/docs-update-${this.jobs.size + 1}`,
    };
    this.enter(job, 0);
    this.jobs.set(id, job);
    return job;
  }

  /** A follow-up: the job is active again and lives the next script. */
  message(job: SimJob, prompt: string): void {
    job.messages.push(prompt);
    job.script = this.takeScript();
    job.prLink = null;
    this.enter(job, 0);
  }

  /** The job's current phase ends at its next poll, and these follow it. */
  continue(id: string, phases: JobScript): void {
    const job = this.jobs.get(id);
    if (!job) throw new Error(`No job ${id} to continue.`);
    job.script = [...job.script.slice(0, job.phase), { ...job.script[job.phase]!, polls: job.phasePolls + 1, forMs: undefined }, ...phases];
  }

  poll(job: SimJob): void {
    job.polls += 1;
    job.phasePolls += 1;
    for (;;) {
      const phase = job.script[job.phase]!;
      if (job.phase >= job.script.length - 1) return;
      const usedUp = phase.forMs !== undefined ? this.now() - job.phaseStartedAt >= phase.forMs : job.phasePolls >= (phase.polls ?? 1);
      if (!usedUp) return;
      this.enter(job, job.phase + 1);
      // A phase of zero polls passes at once; a timed one may have passed already.
      const next = job.script[job.phase]!;
      if (next.forMs === undefined && (next.polls ?? 1) > 0) return;
    }
  }

  view(job: SimJob): Record<string, unknown> {
    return {
      id: job.id,
      status: job.status,
      source: { repository: this.sourceRepository, ref: job.ref },
      model: 'sim-model-1',
      prLink: job.prLink,
      createdAt: job.createdAt,
      archivedAt: job.archivedAt,
    };
  }

  private takeScript(): JobScript {
    const script = this.queued.shift() ?? this.defaultScript;
    return script.length > 0 ? script : this.defaultScript;
  }

  private enter(job: SimJob, index: number): void {
    const phase = job.script[index]!;
    job.phase = index;
    job.phasePolls = 0;
    job.phaseStartedAt = this.now();
    job.status = phase.status;
    if (phase.ref !== undefined) job.ref = phase.ref;
    if (phase.prLink) {
      if (job.prNumber === undefined) {
        job.prNumber = this.nextPr++;
        job.givenPrLink = this.queuedPrLinks.shift();
      }
      job.prLink = job.givenPrLink ?? `${this.sourceRepository}/pull/${job.prNumber}`;
    }
    if (phase.status === 'archived') job.archivedAt ??= new Date(this.now()).toISOString();
  }
}
