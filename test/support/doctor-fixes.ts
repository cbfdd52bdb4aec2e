/**
 * A doctor's fix applied as a person would apply it, from its text alone: `<file>: set \`path\` to
 * \`value\`; add \`value\` to \`path\`; remove \`path\`.` (src/doctor/findings.ts writes them so),
 * each path from the file's root, each value read as YAML. The tests apply the fix a row gives and
 * run the doctor again: a fix that does not work when applied fails them.
 */
import { Document, isSeq, parse, parseDocument } from 'yaml';

export type Edit = { op: 'set' | 'add'; path: Array<string | number>; value: unknown } | { op: 'remove'; path: Array<string | number> };

/** The file and the edits a fix's text names; none when the fix is only words (a ruleset, a secret). */
export function editsOf(fix: string): { file: string; edits: Edit[] } | undefined {
  const head = /^(\S+?): (?=set |add |remove )/.exec(fix);
  if (!head) return undefined;
  const edits: Edit[] = [];
  let rest = fix.slice(head[0].length);
  for (;;) {
    const op = /^(set|add|remove) /.exec(rest)?.[1] as Edit['op'] | undefined;
    if (!op) break;
    rest = rest.slice(op.length + 1);
    const first = codeSpan(rest);
    rest = rest.slice(first.length);
    if (op === 'remove') {
      edits.push({ op, path: pathOf(first.text) });
    } else {
      if (!rest.startsWith(' to ')) throw new Error(`A fix's ${op} has no "to": ${fix}`);
      rest = rest.slice(4);
      const second = codeSpan(rest);
      rest = rest.slice(second.length);
      const [path, value] = op === 'set' ? [first.text, second.text] : [second.text, first.text];
      edits.push({ op, path: pathOf(path), value: parse(value) as unknown });
    }
    if (rest.startsWith('; ')) rest = rest.slice(2);
    else break;
  }
  if (!rest.startsWith('.')) throw new Error(`A fix that does not end its edits with a period: ${fix}`);
  return { file: head[1]!, edits };
}

/** A code span at the start of `text`: its length in the text, and what it holds. */
function codeSpan(text: string): { length: number; text: string } {
  const fence = /^`+/.exec(text)?.[0];
  if (!fence) throw new Error(`Not a code span: ${text}`);
  const end = text.indexOf(fence, fence.length);
  if (end < 0) throw new Error(`An unclosed code span: ${text}`);
  const inner = text.slice(fence.length, end);
  return { length: end + fence.length, text: fence.length > 1 ? inner.replace(/^ | $/g, '') : inner };
}

/** `jobs.docs.steps[0].with.pr-comment` as keys; `(the whole file)` as none. */
function pathOf(text: string): Array<string | number> {
  if (text === '(the whole file)') return [];
  return [...text.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((match) => (match[2] !== undefined ? Number(match[2]) : match[1]!));
}

/** The files with a fix applied: its edits to its file (made when it is new); the files as they were for a fix of words alone. */
export function applyFix(files: Readonly<Record<string, string>>, fix: string): Record<string, string> {
  const named = editsOf(fix);
  if (!named) return { ...files };
  let text = files[named.file] ?? '';
  for (const edit of named.edits) {
    if (edit.path.length === 0) {
      if (edit.op !== 'set') throw new Error(`Only a whole file can be set: ${fix}`);
      text = String(new Document(edit.value));
      continue;
    }
    const doc = parseDocument(text);
    if (edit.op === 'set') doc.setIn(edit.path, edit.value);
    else if (edit.op === 'remove') doc.deleteIn(edit.path);
    else {
      const list = doc.getIn(edit.path, true);
      if (!isSeq(list)) throw new Error(`A fix adds to ${edit.path.join('.')}, which is not a list: ${fix}`);
      list.add(doc.createNode(edit.value));
    }
    text = String(doc);
  }
  return { ...files, [named.file]: text };
}
