/**
 * GitHub's own description of its REST API (`@octokit/openapi`, the api.github.com variant), as a
 * judge of what the fake GitHub is asked and what it answers: the operation for the method and
 * path, its path and query parameters, the request body, and the answer's status, media type and
 * body. The fake records its exchanges and has them judged here, so it cannot drift from GitHub.
 *
 * The description is OpenAPI 3.0, whose schemas are JSON Schema but for `nullable`; they are
 * translated on the way into ajv. Loading it costs about a second, so it is loaded on the first
 * judgement and kept; each schema is compiled on first use and kept too.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS with a default export; under NodeNext its type is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** One request to the fake GitHub and what it answered. */
export interface RestExchange {
  readonly method: string;
  /** Path and query, as sent. */
  readonly url: string;
  readonly accept: string;
  /** The request body, parsed from JSON; undefined when there was none. */
  readonly body: unknown;
  /**
   * What the fake answered as itself; absent for a fault the test queued (a status of its
   * choosing, a hang, a reset), which is a misbehaviour on purpose.
   */
  readonly answer?: { readonly status: number; readonly contentType: string; readonly body: unknown };
}

export interface RestDescription {
  /** Every way the exchange strays from the description, one line each; empty when it does not. */
  check(exchange: RestExchange): string[];
  /**
   * Compiles ahead what judging these operations (by `operationId`) takes, so that a judgement
   * made while other requests are being answered does not hold them up.
   */
  prepare(operationIds: readonly string[]): void;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, Record<string, unknown>>;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: object;
}

interface MediaType {
  schema?: object;
}

interface Response {
  content?: Record<string, MediaType>;
}

interface Operation {
  operationId: string;
  parameters?: Array<Parameter | { $ref: string }>;
  requestBody?: { required?: boolean; content: Record<string, MediaType> } | { $ref: string };
  responses: Record<string, Response | { $ref: string }>;
}

interface Route {
  readonly method: string;
  readonly template: string;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  /** Characters of the template outside its parameters: the most specific route wins. */
  readonly literal: number;
  readonly operation: Operation;
}

/** The base of the `$id`s under which the description's components are known to ajv. */
const ROOT = 'https://api.github.com/openapi/components/';

/** The body of every GitHub error. */
const BASIC_ERROR = { $ref: '#/components/schemas/basic-error' };

/** The media type GitHub answers the diff format with (asked for as `application/vnd.github.v3.diff`). */
export const DIFF_MEDIA_TYPE = 'application/vnd.github.diff';

/**
 * What GitHub serves but leaves out of its REST description, described here as GitHub answers it,
 * with the description's own parameters and schemas, so that the check holds it as it holds the
 * rest: a repository by its ID (`GET /repositories/{repository_id}`), the same repository as
 * `repos/get` answers, under the name it has now. It is where GitHub sends a request to a renamed
 * or transferred repository's old name (301, its `Location`), and the one way from the ID a runner
 * gives (GITHUB_REPOSITORY_ID) to the repository; Octokit has no method for it.
 */
const UNDOCUMENTED_PATHS: OpenApiDocument['paths'] = {
  '/repositories/{repository_id}': {
    get: {
      operationId: 'repos/get-by-id',
      parameters: [{ $ref: '#/components/parameters/repository-id' }],
      responses: {
        '200': { description: 'Response', content: { 'application/json': { schema: { $ref: '#/components/schemas/full-repository' } } } },
        '301': { $ref: '#/components/responses/moved_permanently' },
        '403': { $ref: '#/components/responses/forbidden' },
        '404': { $ref: '#/components/responses/not_found' },
      },
    },
  },
};

/**
 * Where GitHub's REST description is narrower than what GitHub answers, widened here, each by
 * GitHub's own word elsewhere, and no further: a review comment's `line` (the `review-comment` of
 * a review's comments, the `pull-request-review-comment` of a pull request's) is null once the
 * diff moved under the comment (an outdated one, which keeps its `original_line`). The REST
 * description types it as an integer alone; GitHub's webhook description of the same comment
 * (`webhooks_review_comment`) as an integer or null, which is what GitHub answers.
 */
function widenToWhatGitHubAnswers(document: OpenApiDocument): void {
  for (const name of ['review-comment', 'pull-request-review-comment']) {
    const line = (document.components.schemas?.[name] as { properties?: Record<string, Record<string, unknown>> } | undefined)?.properties?.line;
    if (line) line.nullable = true;
  }
}

let loaded: RestDescription | undefined;

/** The description, loaded once per process. */
export function restDescription(): RestDescription {
  loaded ??= load();
  return loaded;
}

function load(): RestDescription {
  const require = createRequire(import.meta.url);
  const file = require.resolve('@octokit/openapi/generated/api.github.com.json');
  const document = JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;
  for (const [template, item] of Object.entries(UNDOCUMENTED_PATHS)) document.paths[template] ??= item;
  widenToWhatGitHubAnswers(document);
  const routes = routesOf(document);
  const schemas = new SchemaCompiler(document);
  const parametersOf = (operation: Operation): Parameter[] => (operation.parameters ?? []).map((parameter) => schemas.resolve<Parameter>(parameter));

  return {
    prepare(operationIds) {
      for (const { operation } of routes.filter((route) => operationIds.includes(route.operation.operationId))) {
        schemas.parameters(operation, parametersOf(operation), 'path', {});
        schemas.parameters(operation, parametersOf(operation), 'query', {});
        const body = operation.requestBody && schemas.resolve<{ content: Record<string, MediaType> }>(operation.requestBody);
        const bodySchema = body?.content['application/json']?.schema;
        if (bodySchema) schemas.validate(bodySchema, undefined);
        for (const response of Object.values(operation.responses)) {
          const schema = schemas.resolve<Response>(response).content?.['application/json']?.schema;
          if (schema) schemas.validate(schema, undefined);
        }
      }
      schemas.validate(BASIC_ERROR, undefined);
    },
    check(exchange) {
      const url = new URL(exchange.url, 'http://github.invalid');
      const where = `${exchange.method} ${url.pathname}`;
      const route = bestRoute(routes, exchange.method, url.pathname);
      if (!route) return [`${where}: GitHub's REST API has no such operation`];
      const problems: string[] = [];
      const { operation } = route;
      const parameters = parametersOf(operation);

      const pathValues = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(route.pattern.exec(url.pathname)![i + 1]!)]));
      problems.push(...schemas.parameters(operation, parameters, 'path', pathValues).map((problem) => `path parameter ${problem}`));
      const queryValues = Object.fromEntries(url.searchParams);
      problems.push(...schemas.parameters(operation, parameters, 'query', queryValues).map((problem) => `query parameter ${problem}`));

      const requestBody = operation.requestBody && schemas.resolve<{ required?: boolean; content: Record<string, MediaType> }>(operation.requestBody);
      if (!requestBody) {
        if (exchange.body !== undefined) problems.push('a request body, where the operation takes none');
      } else if (exchange.body === undefined) {
        if (requestBody.required) problems.push('no request body, where the operation requires one');
      } else {
        const schema = requestBody.content['application/json']?.schema;
        if (!schema) problems.push('a JSON request body, where the operation takes another media type');
        else problems.push(...schemas.validate(schema, exchange.body).map((problem) => `request body ${problem}`));
      }

      if (exchange.answer) problems.push(...checkAnswer(schemas, operation, exchange.accept, exchange.answer));
      return problems.map((problem) => `${where} (${operation.operationId}): ${problem}`);
    },
  };
}

function checkAnswer(schemas: SchemaCompiler, operation: Operation, accept: string, answer: NonNullable<RestExchange['answer']>): string[] {
  const { status, contentType, body } = answer;
  const documented = operation.responses[String(status)];
  const mediaType = contentType.split(';', 1)[0]!.trim().toLowerCase();
  if (!documented) {
    // GitHub documents the error statuses of an operation incompletely (a 403 for a token
    // without the permission, a 5xx, can come from any): an undocumented error is judged by the
    // error body every GitHub error has. An undocumented success is a fake of its own making.
    if (status < 400) return [`answered ${status}, which the operation does not document`];
    if (mediaType !== 'application/json') return [`answered ${status} as ${mediaType || 'no media type'}, where GitHub's errors are JSON`];
    return schemas.validate(BASIC_ERROR, body).map((problem) => `answer ${status} ${problem}`);
  }
  const response = schemas.resolve<Response>(documented);
  const content = response.content ?? {};
  if (Object.keys(content).length === 0) {
    return body === undefined || body === '' ? [] : [`answered ${status} with a body, where the operation documents none`];
  }
  // The diff format (asked for in `Accept`) answers the diff itself, as text; GitHub documents it
  // for some operations as a media type of the answer and for others only in prose.
  if (status < 300 && /\bdiff\b/.test(accept)) {
    if (mediaType !== DIFF_MEDIA_TYPE) return [`answered the diff format as ${mediaType || 'no media type'}, where GitHub answers ${DIFF_MEDIA_TYPE}`];
    return typeof body === 'string' ? [] : ['answered the diff format with a body that is not text'];
  }
  const json = content['application/json'];
  if (!json) return [`answered ${status} as ${mediaType}, which the operation does not document`];
  if (mediaType !== 'application/json') return [`answered ${status} as ${mediaType || 'no media type'}, where GitHub answers application/json`];
  return json.schema ? schemas.validate(json.schema, body).map((problem) => `answer ${status} ${problem}`) : [];
}

/** Every operation of the description, with a pattern matching the paths it serves. */
function routesOf(document: OpenApiDocument): Route[] {
  const routes: Route[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'].includes(method)) continue;
      const names: string[] = [];
      const multiSegment = new Set(
        ((operation as Operation).parameters ?? [])
          .map((parameter) => ('$ref' in parameter ? resolveIn<Parameter & { 'x-multi-segment'?: boolean }>(document, parameter.$ref) : parameter))
          .filter((parameter) => (parameter as { 'x-multi-segment'?: boolean })['x-multi-segment'])
          .map((parameter) => parameter.name),
      );
      const source = template
        .replace(/[.*+?^${}()|[\]\\]/g, (char) => `\\${char}`)
        .replace(/\\\{([^}]+)\\\}/g, (_, name: string) => {
          names.push(name);
          // A parameter GitHub marks multi-segment (a ref, `base...head`) may hold slashes.
          return multiSegment.has(name) ? '(.+)' : '([^/]+)';
        });
      routes.push({
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(`^${source}$`),
        names,
        literal: template.replace(/\{[^}]+\}/g, '').length,
        operation: operation as Operation,
      });
    }
  }
  return routes;
}

function bestRoute(routes: readonly Route[], method: string, path: string): Route | undefined {
  let best: Route | undefined;
  for (const route of routes) {
    if (route.method === method && route.pattern.test(path) && (!best || route.literal > best.literal)) best = route;
  }
  return best;
}

function resolveIn<T>(document: OpenApiDocument, ref: string): T {
  const [, , kind, name] = ref.split('/');
  const found = document.components[kind!]?.[name!];
  if (found === undefined) throw new Error(`The REST description has no ${ref}`);
  return found as T;
}

/** Compiles the description's schemas into ajv on first use, translated from OpenAPI 3.0. */
class SchemaCompiler {
  private readonly ajv = new Ajv({ strict: false, allErrors: true, logger: false });
  /** Path and query parameters arrive as text: this one reads "7" as the integer a schema asks for. */
  private readonly parameterAjv = new Ajv({ strict: false, allErrors: true, logger: false, coerceTypes: true });
  private readonly compiled = new WeakMap<object, ValidateFunction>();
  private readonly parameterValidators = new Map<string, ValidateFunction>();
  private readonly added = new Set<string>();

  constructor(private readonly document: OpenApiDocument) {
    addFormats(this.ajv);
    addFormats(this.parameterAjv);
  }

  resolve<T>(node: T | { $ref: string }): T {
    return typeof node === 'object' && node !== null && '$ref' in node ? resolveIn<T>(this.document, node.$ref) : node;
  }

  validate(schema: object, value: unknown): string[] {
    let validator = this.compiled.get(schema);
    if (!validator) {
      this.addComponentsOf(schema);
      validator = this.ajv.compile(toJsonSchema(schema) as object);
      this.compiled.set(schema, validator);
    }
    return validator(value) ? [] : describeErrors(validator.errors);
  }

  /** The parameters of one place (path or query) against their schemas; an unknown one is a problem too. */
  parameters(operation: Operation, parameters: readonly Parameter[], place: 'path' | 'query', values: Record<string, string>): string[] {
    const key = `${operation.operationId} ${place}`;
    let validator = this.parameterValidators.get(key);
    if (!validator) {
      const mine = parameters.filter((parameter) => parameter.in === place);
      const schema = {
        type: 'object',
        properties: Object.fromEntries(mine.map((parameter) => [parameter.name, parameter.schema ?? {}])),
        required: mine.filter((parameter) => parameter.required).map((parameter) => parameter.name),
        additionalProperties: false,
      };
      this.addComponentsOf(schema);
      validator = this.parameterAjv.compile(toJsonSchema(schema) as object);
      this.parameterValidators.set(key, validator);
    }
    return validator({ ...values }) ? [] : describeErrors(validator.errors);
  }

  /** Hands ajv every component schema the schema refers to, directly or not, under its own `$id`. */
  private addComponentsOf(schema: object): void {
    const pending = [...refsIn(schema)];
    while (pending.length > 0) {
      const ref = pending.pop()!;
      if (this.added.has(ref)) continue;
      this.added.add(ref);
      const component = resolveIn<object>(this.document, ref);
      const translated = { ...(toJsonSchema(component) as object), $id: ROOT + ref.slice('#/components/'.length) };
      this.ajv.addSchema(translated);
      this.parameterAjv.addSchema(translated);
      pending.push(...refsIn(component));
    }
  }
}

function refsIn(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) refsIn(item, found);
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.add(value);
      else refsIn(value, found);
    }
  }
  return found;
}

/**
 * An OpenAPI 3.0 schema as JSON Schema: `nullable: true` becomes `null` among the types (and
 * among the values of an `enum`), or an `anyOf` with `null` where there is no `type`; references
 * to components point at the `$id` each component is added under.
 */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (typeof node !== 'object' || node === null) return node;
  const source = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === 'nullable' && value === true) continue;
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/')) out[key] = ROOT + value.slice('#/components/'.length);
    else out[key] = toJsonSchema(value);
  }
  if (source.nullable !== true) return out;
  if (typeof out.type === 'string') {
    out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...(out.enum as unknown[]), null];
    return out;
  }
  return { anyOf: [out, { type: 'null' }] };
}

function describeErrors(errors: ErrorObject[] | null | undefined): string[] {
  const lines = (errors ?? []).map((error) => {
    const detail =
      error.keyword === 'additionalProperties'
        ? `"${(error.params as { additionalProperty: string }).additionalProperty}" is not documented`
        : error.keyword === 'required'
          ? `lacks "${(error.params as { missingProperty: string }).missingProperty}"`
          : (error.message ?? error.keyword);
    return error.instancePath ? `at ${error.instancePath} ${detail}` : detail;
  });
  return [...new Set(lines)].slice(0, 8);
}
