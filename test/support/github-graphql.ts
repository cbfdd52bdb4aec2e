/**
 * GitHub's GraphQL schema (`@octokit/graphql-schema`) as a judge of the GraphQL requests sent to
 * the fake GitHub and of its answers. Loaded on the first judgement: building the schema takes
 * a moment.
 */
import type { DocumentNode, GraphQLError, GraphQLSchema } from 'graphql';

/** A GraphQL request and the fake's answer (absent for a fault). */
export interface GraphqlExchange {
  readonly body: unknown;
  readonly answer: unknown;
}

interface LoadedSchema {
  validate: typeof import('@octokit/graphql-schema').validate;
  graphqlJs: typeof import('graphql');
  schema: GraphQLSchema;
}

let loaded: Promise<LoadedSchema> | undefined;
/** The schema once loaded: what the fake answers with, as it answers (`answerGraphql`), without waiting. */
let ready: LoadedSchema | undefined;

/** GitHub's GraphQL schema, loaded once per process. */
export function prepareGraphqlSchema(): Promise<void> {
  return gitHubSchema().then(() => undefined);
}

function gitHubSchema() {
  loaded ??= Promise.all([import('@octokit/graphql-schema'), import('graphql')]).then(([{ validate, schema }, graphqlJs]) => {
    const built = graphqlJs.buildClientSchema(schema.json as unknown as Parameters<typeof graphqlJs.buildClientSchema>[0]);
    // The first validation and execution set up what later ones reuse: done here, not while a
    // check runs beside fakes that are answering.
    validate('query { __typename }');
    graphqlJs.executeSync({ schema: built, document: graphqlJs.parse('query { __typename }'), rootValue: {} });
    ready = { validate, graphqlJs, schema: built };
    return ready;
  });
  return loaded;
}

/**
 * An error GitHub gives beside the data for a field it cannot answer (its `type`: `NOT_FOUND`,
 * `FORBIDDEN`, ...): thrown by a field's value in `answerGraphql`, the field is null and the
 * answer's `errors` say why, with the field's path and place in the document.
 */
export class GraphqlFieldError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/** One of the `errors` of GitHub's GraphQL answers. */
export interface GraphqlError {
  type?: string;
  path?: ReadonlyArray<string | number>;
  locations?: ReadonlyArray<{ line: number; column: number }>;
  message: string;
}

/**
 * Answers a GraphQL document as GitHub's schema shapes the answer: `root` holds the values, and a
 * value may be a function of the field's arguments (which GraphQL reads alike from the document's
 * literals and its variables, with the schema's defaults). Only what the document asks is
 * answered, under its aliases, each object of an interface or union by the `__typename` its value
 * gives. A document the schema refuses is answered with errors alone, as GitHub answers it.
 * Synchronous: the schema must have been loaded (`prepareGraphqlSchema`), as the fake does first.
 */
export function answerGraphql(query: string, variables: Record<string, unknown> | undefined, root: object): { data?: unknown; errors?: GraphqlError[] } {
  if (!ready) throw new Error("GitHub's GraphQL schema is not loaded yet: await prepareGraphqlSchema() first.");
  const { graphqlJs, schema } = ready;
  let document: DocumentNode;
  try {
    document = graphqlJs.parse(query);
  } catch (error) {
    return { errors: [githubError(error as GraphQLError)] };
  }
  const invalid = graphqlJs.validate(schema, document);
  if (invalid.length > 0) return { errors: invalid.map(githubError) };
  const result = graphqlJs.executeSync({ schema, document, rootValue: root, variableValues: variables });
  return { ...(result.data === undefined ? {} : { data: result.data }), ...(result.errors ? { errors: result.errors.map(githubError) } : {}) };
}

/** A graphql-js error as GitHub writes its errors: the type (where the fake gave one), path, locations, message. */
function githubError(error: GraphQLError): GraphqlError {
  const original = error.originalError;
  return {
    ...(original instanceof GraphqlFieldError ? { type: original.type } : {}),
    ...(error.path ? { path: error.path } : {}),
    ...(error.locations ? { locations: error.locations.map(({ line, column }) => ({ line, column })) } : {}),
    message: error.message,
  };
}

/**
 * GraphQL requests against GitHub's GraphQL schema (`@octokit/graphql-schema`): the body's
 * shape, the document (`validate`), and the fake's answer, which must be what executing the
 * document over GitHub's schema makes of it (the right types, nothing non-null missing, nothing
 * the document did not ask for).
 */
export async function graphqlViolations(exchanges: readonly GraphqlExchange[]): Promise<string[]> {
  if (exchanges.length === 0) return [];
  const { validate, graphqlJs, schema } = await gitHubSchema();
  const where = 'POST /graphql';
  return exchanges.flatMap(({ body, answer }) => {
    const request = body as { query?: unknown; variables?: unknown } | undefined;
    if (typeof request !== 'object' || request === null || typeof request.query !== 'string') return [`${where}: the body has no "query" text`];
    const problems = Object.keys(request)
      .filter((key) => !['query', 'variables', 'operationName'].includes(key))
      .map((key) => `${where}: the body has "${key}", which GitHub's GraphQL endpoint does not take`);
    const errors = validate(request.query);
    if (errors.length > 0) return [...problems, ...errors.map((error) => `${where}: ${error.message}`)];
    const data = (answer as { data?: unknown } | undefined)?.data;
    if (data === undefined) return problems;
    const executed = graphqlJs.executeSync({
      schema,
      document: graphqlJs.parse(request.query),
      rootValue: data,
      variableValues: request.variables as Record<string, unknown> | undefined,
      // The answer holds each field under the name the document answers it by: its alias, if it has one.
      fieldResolver: (source, _args, _context, info) => (source as Record<string, unknown>)[String(info.path.key)],
      // An object of an interface or union is of the type its `__typename` says, where the document
      // asked it; else of a type that has every field the answer gives it, first those the
      // document's fragments name (any other answers the fields asked of the interface alike).
      typeResolver: (value, _context, info, abstractType) => {
        const given = (value as { __typename?: unknown }).__typename;
        if (typeof given === 'string') return given;
        const named = info.fieldNodes
          .flatMap((node) => node.selectionSet?.selections ?? [])
          .flatMap((selection) =>
            selection.kind === graphqlJs.Kind.INLINE_FRAGMENT
              ? [selection.typeCondition?.name.value]
              : selection.kind === graphqlJs.Kind.FRAGMENT_SPREAD
                ? [info.fragments[selection.name.value]?.typeCondition.name.value]
                : [],
          );
        const possible = info.schema.getPossibleTypes(abstractType);
        const keys = Object.keys(value as object);
        const candidates = [...possible.filter((type) => named.includes(type.name)), ...possible];
        return (candidates.find((type) => keys.every((key) => key in type.getFields())) ?? possible[0])?.name;
      },
    });
    problems.push(...(executed.errors ?? []).map((error) => `${where}: the answer ${error.message}`));
    if (!executed.errors && JSON.stringify(executed.data) !== JSON.stringify(data))
      problems.push(`${where}: the answer holds fields the document did not ask for`);
    return problems;
  });
}
