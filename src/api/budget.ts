/**
 * Request budgets: how many requests a read (or a run) may send, retries included. The client
 * takes one from the budget a call carries before every request it sends for it, the first and
 * each retry, and sends nothing once it is spent: the cap holds in one place, whoever calls and
 * whatever the server answers.
 */
export interface RequestBudget {
  /** Takes one request; false when the budget is spent, and the request is then not sent. */
  take(): boolean;
  /** Requests left, when the budget knows (a fixed one does; one that grows with the rows read does not). */
  readonly left?: number;
  /** What the budget allows, for the error of a request it kept back: "the read has spent its 5 requests". */
  readonly describe: string;
}

/** What one read may spend: requests (retries included), and time (a refresh signal's share of the step's). */
export interface ReadLimits {
  readonly budget?: RequestBudget;
  /** No retry pause of the read may end after this instant (epoch ms); the step's deadline holds in any case. */
  readonly until?: number;
}

/** A fixed number of requests. */
export class FixedBudget implements RequestBudget {
  private spent = 0;

  constructor(
    private readonly size: number,
    readonly describe: string,
  ) {}

  get left(): number {
    return this.size - this.spent;
  }

  take(): boolean {
    if (this.spent >= this.size) return false;
    this.spent += 1;
    return true;
  }
}
