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

/**
 * What one read may take of a budget shared with reads after it: requests while more than
 * `reserve` are left, so that those after it still get theirs (reader impact: the visitors read
 * leaves feedback its one request).
 */
export function leaving(shared: FixedBudget, reserve: number, describe: string): RequestBudget {
  return {
    take: () => shared.left > reserve && shared.take(),
    get left() {
      return Math.max(0, shared.left - reserve);
    },
    describe,
  };
}

/**
 * Both budgets at once: a request is sent only when each has one for it. The one that knows what
 * it has left is asked first, so that a refusal never spends the other's.
 */
export function both(first: RequestBudget, second: RequestBudget): RequestBudget {
  const [knows, other] = second.left !== undefined ? [second, first] : [first, second];
  return {
    take: () => (knows.left ?? 1) > 0 && other.take() && knows.take(),
    get left() {
      const lefts = [first.left, second.left].filter((left): left is number => left !== undefined);
      return lefts.length === 0 ? undefined : Math.min(...lefts);
    },
    get describe() {
      return (knows.left ?? 1) > 0 ? other.describe : knows.describe;
    },
  };
}
