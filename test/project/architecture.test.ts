/**
 * The shape of the house, held by a test: arrows point one way, so no file or folder of src/
 * imports anything that imports it back (type-only imports count: they tie the modules as much).
 * That only the entry layer uses `@actions/core` is held by test/project/contract.test.ts. One
 * decision is taken in one place. And no regular expression is made at run time, where outside
 * text could become a backtracking pattern.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');

/** Every module of src/, by its path from src/, with the modules of src/ it imports. */
function importGraph(): Map<string, { local: string[] }> {
  const graph = new Map<string, { local: string[] }>();
  for (const entry of readdirSync(SRC, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const file = join(entry.parentPath, entry.name);
    // TypeScript's own scan of the import and export specifiers, dynamic `import()` included.
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const specifiers = importedFiles.map((imported) => imported.fileName);
    graph.set(relative(SRC, file), {
      local: specifiers.filter((s) => s.startsWith('.')).map((s) => relative(SRC, resolve(dirname(file), s.replace(/\.js$/, '.ts')))),
    });
  }
  return graph;
}

/** A module's place in the folder picture: its folder under src/, or the file itself at the top. */
const unitOf = (module: string): string => (module.includes('/') ? `${module.split('/')[0]}/` : module);

/** The cycles of a directed graph: one path per strongly connected component of more than one node (or a self-loop). */
function cycles(edges: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of edges.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || edges.get(node)?.has(node)) found.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

function edgesOf(graph: Map<string, { local: string[] }>, unit: (module: string) => string): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const [module, { local }] of graph) {
    const from = unit(module);
    if (!edges.has(from)) edges.set(from, new Set());
    for (const target of local) if (unit(target) !== from || from === target) edges.get(from)!.add(unit(target));
  }
  return edges;
}

describe('the import graph of src/', () => {
  const graph = importGraph();

  it('reads every module and resolves every local import to one', () => {
    expect(graph.size).toBeGreaterThan(40);
    for (const [module, { local }] of graph) for (const target of local) expect(graph.has(target), `${module} imports ${target}`).toBe(true);
  });

  it('has no circle of files', () => {
    expect(cycles(edgesOf(graph, (module) => module))).toEqual([]);
  });

  it('has no circle of folders (each top-level file counts as its own)', () => {
    expect(cycles(edgesOf(graph, unitOf))).toEqual([]);
  });

  it('finds a circle when there is one (the check itself can fail)', () => {
    const circular = new Map([
      ['a/x.ts', { local: ['b/y.ts'] }],
      ['b/y.ts', { local: ['a/z.ts'] }],
      ['a/z.ts', { local: [] }],
    ]);
    expect(cycles(edgesOf(circular, (module) => module))).toEqual([]);
    expect(cycles(edgesOf(circular, unitOf))).toEqual([['a/', 'b/']]);
  });
});

/**
 * One decision, one place: which pull request is the run's documentation PR, what the gate says,
 * who writes the status, and what the comment's tail holds are each decided by one module, which
 * every other part reads; the sync command shares the gate with the agent command rather than
 * borrowing the agent command's parts. A second place that re-derives one will, one day, derive
 * it differently.
 */
describe('one decision, one place', () => {
  const graph = importGraph();
  const sources = [...graph.keys()].map((module) => ({ module, text: readFileSync(join(SRC, module), 'utf8') }));
  const callers = (pattern: RegExp): string[] => sources.filter(({ text }) => pattern.test(text)).map(({ module }) => module);

  it('command: sync imports no module of the agent command', () => {
    expect(graph.get('steps/sync.ts')!.local.filter((module) => module.startsWith('steps/agent'))).toEqual([]);
  });

  it('one assembly of the gate’s facts: the core’s judge, for every writer of the status', () => {
    expect(callers(/\bgateFor\(/).sort()).toEqual(['core/gate.ts', 'gate/facts.ts']);
    expect(callers(/\bwriteGateStatus\(/).sort()).toEqual(['core/gate.ts', 'core/publish.ts', 'gate/status.ts']);
  });

  it('one rule of “ours”: only the memory’s stores tell the action’s comments from others', () => {
    // Who wrote a comment, and its marker, are looked at in src/memory/ only.
    expect(callers(/\.authorLogin\b/).sort()).toEqual(['memory/back-link.ts', 'memory/ours.ts']);
    expect(callers(/\bisMarked\(/).sort()).toEqual(['memory/ours.ts', 'memory/record.ts']);
    // The records are sealed and read by the stores and the sweep's finder, which reads them through the one rule.
    expect(callers(/\b(readRecord|readBackLink|readReply)\(/).sort()).toEqual([
      'memory/back-link.ts',
      'memory/code-pr-comment.ts',
      'memory/record.ts',
      'memory/reply.ts',
      'sweep/find.ts',
    ]);
  });

  it('every GitHub list is read through the one bounded pager', () => {
    // `paginate(…)` follows the server's pager to its end; every list goes through `readPages` instead.
    expect(callers(/\.paginate\(/)).toEqual([]);
    expect(callers(/\bpaginate\.iterator\(/)).toEqual(['github/octokit-client.ts']);
    expect(callers(/\breadPages\b/).sort()).toEqual(['github/octokit-client.ts', 'github/pages.ts']);
  });

  it('one decision of the run’s documentation PR, one builder of the gate’s facts, one approval read, one status writer, one builder of the comment’s tail', () => {
    expect(callers(/\bexport (async )?function decide(Reported|Recorded)\b/)).toEqual(['docs-pr/decide.ts']);
    expect(callers(/\bgateStatus\(\{/)).toEqual(['gate/facts.ts']);
    expect(callers(/\.writersReviews\(/)).toEqual(['gate/approval.ts']);
    expect(callers(/\.setCommitStatus\(/)).toEqual(['gate/status.ts']);
    expect(callers(/\bfunction tailOf\(/)).toEqual(['core/comment.ts']);
    // Everything that reads a documentation PR's state to act on it goes through the decision;
    // sync, sweep, release and the merge queue's gate read the code PR they write to.
    expect(callers(/\.pullRequest\(/).sort()).toEqual([
      'docs-pr/decide.ts',
      'steps/agent/merge-group.ts',
      'steps/release.ts',
      'steps/sweep.ts',
      'steps/sync.ts',
    ]);
  });

  it('outputs are set in one module, besides the entry layer that implements the port; no step hands work to be done after its report', () => {
    expect(callers(/\bsetOutput\(/).sort()).toEqual(['main.ts', 'steps/step.ts']);
    expect(callers(/\bafterReport\b/)).toEqual([]);
  });
});

/**
 * The commands on one floor (the contract's structure, issue "one core"): each command of
 * src/steps/ is a module (and its folder of parts) that imports no other command; what they share
 * lives below them, in src/core/ (a code PR and its documentation) and src/memory/ (what the action
 * reads back), and nothing below src/steps/ imports it back: following the record through a
 * finishing run never climbs back up.
 */
describe('the commands side by side, over one core', () => {
  const graph = importGraph();
  /** The command a module of src/steps/ belongs to; undefined for the floor's shared parts. */
  const commandOf = (module: string): string | undefined => {
    const match = /^steps\/([^/]+?)(?:\.ts|\/.*)$/.exec(module);
    const name = match?.[1];
    return name === undefined || SHARED.has(name) ? undefined : name;
  };
  /** What every command of the floor shares: the step's context and report, the dispatch, the verdict. */
  const SHARED = new Set(['step', 'run-step', 'verdict']);

  it('finds the commands: agent, doctor, refresh, release, sweep, sync, visitors', () => {
    const commands = new Set([...graph.keys()].map(commandOf).filter(Boolean));
    expect([...commands].sort()).toEqual(['agent', 'doctor', 'refresh', 'release', 'sweep', 'sync', 'visitors']);
  });

  it('no command imports another', () => {
    const crossings: string[] = [];
    for (const [module, { local }] of graph) {
      const from = commandOf(module);
      if (!from) continue;
      for (const target of local) {
        const to = commandOf(target);
        if (to && to !== from) crossings.push(`${module} -> ${target}`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('the shared parts of the floor import no command but the dispatch, which imports each', () => {
    for (const shared of ['steps/step.ts', 'steps/verdict.ts']) expect(graph.get(shared)!.local.filter((target) => commandOf(target))).toEqual([]);
  });

  it('nothing below src/steps/ imports it: the core and the memory never climb back up', () => {
    const upward = [...graph].flatMap(([module, { local }]) =>
      module.startsWith('steps/') || !module.includes('/')
        ? []
        : local.filter((target) => target.startsWith('steps/')).map((target) => `${module} -> ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it('the memory is below the core: no store imports the core, the reports or a command', () => {
    const memory = [...graph].filter(([module]) => module.startsWith('memory/'));
    const reaching = memory.flatMap(([module, { local }]) =>
      local.filter((target) => /^(core|steps|report|docs-pr|gate)\//.test(target)).map((target) => `${module} -> ${target}`),
    );
    expect(reaching).toEqual([]);
  });

  it('every command that ends a job ends it through the core’s one finish', () => {
    const sources = new Map([...graph.keys()].map((module) => [module, readFileSync(join(SRC, module), 'utf8')]));
    const finishing = [...sources].filter(([, text]) => /\bfinishJob\(/.test(text)).map(([module]) => module);
    expect(finishing.sort()).toEqual(['core/finish.ts', 'steps/agent.ts', 'steps/sweep.ts', 'steps/sync/review-loop.ts']);
    // And none writes the last writes or the working status of its own.
    expect(
      [...sources]
        .filter(([, text]) => /\bpublishPhase\(/.test(text))
        .map(([module]) => module)
        .sort(),
    ).toEqual(['core/finish.ts', 'core/publish.ts', 'steps/release.ts', 'steps/sync.ts']);
  });
});

/**
 * Where `RegExp` is called or constructed in a source file: a pattern made at run time, which
 * could be made of outside text (a backtracking pattern from a hostile `docs.json` held the event
 * loop for minutes). Literal patterns are written here and reviewed; none is made at run time.
 */
function runtimePatterns(file: string, text: string): string[] {
  const found: string[] = [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node): void => {
    const callee = ts.isNewExpression(node) || ts.isCallExpression(node) ? node.expression : undefined;
    const named = (expression: ts.Expression | undefined): boolean =>
      expression !== undefined &&
      ((ts.isIdentifier(expression) && expression.text === 'RegExp') ||
        (ts.isPropertyAccessExpression(expression) && expression.name.text === 'RegExp') ||
        (ts.isElementAccessExpression(expression) && ts.isStringLiteral(expression.argumentExpression) && expression.argumentExpression.text === 'RegExp'));
    // `new RegExp(…)`, `RegExp(…)`, `globalThis.RegExp(…)`.
    if (named(callee)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${relative(SRC, file)}:${line + 1}: ${node.getText(source).slice(0, 60)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no pattern made from outside text', () => {
  it('src/ never makes a regular expression at run time: every one is a literal', () => {
    const found: string[] = [];
    for (const entry of readdirSync(SRC, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
      const file = join(entry.parentPath, entry.name);
      found.push(...runtimePatterns(file, readFileSync(file, 'utf8')));
    }
    expect(found).toEqual([]);
  });

  it('finds one when there is one (the check itself can fail)', () => {
    const file = join(SRC, 'example.ts');
    expect(runtimePatterns(file, 'const a = new RegExp(`^${source}$`);').length).toBe(1);
    expect(runtimePatterns(file, 'const b = RegExp(text, "s");').length).toBe(1);
    expect(runtimePatterns(file, 'const c = new globalThis.RegExp(text);').length).toBe(1);
    expect(runtimePatterns(file, 'const d = /^a+$/.test(text); const e = text.replace(/x/g, "y");')).toEqual([]);
  });
});

/**
 * The tests mirror src/ (docs/architecture.md, *The tests*): the test of `src/x/y.ts` is
 * `test/x/y.test.ts`. Modules of types alone and the entry points are tested through others; at
 * least 80% of the modules have a test of their own, found where a reader looks for it.
 */
describe('the tests mirror src/', () => {
  it('at least 80% of the modules of src/ have a test at the mirrored path', () => {
    const modules = [...importGraph().keys()];
    const mirrored = modules.filter((module) => existsSync(join(SRC, '..', 'test', module.replace(/\.ts$/, '.test.ts'))));
    expect(modules.length).toBeGreaterThan(90);
    expect(mirrored.length / modules.length).toBeGreaterThanOrEqual(0.8);
  });
});
