/**
 * GitHub's GraphQL schema (`@octokit/graphql-schema`) as a judge of the GraphQL requests sent to
 * the fake GitHub and of its answers. Loaded on the first judgement: building the schema takes
 * a moment.
 */
import type { GraphQLSchema } from 'graphql';

/** A GraphQL request and the fake's answer (absent for a fault). */
export interface GraphqlExchange {
  readonly body: unknown;
  readonly answer: unknown;
}

let loaded: Promise<{ validate: typeof import('@octokit/graphql-schema').validate; graphqlJs: typeof import('graphql'); schema: GraphQLSchema }> | undefined;

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
    return { validate, graphqlJs, schema: built };
  });
  return loaded;
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
    });
    problems.push(...(executed.errors ?? []).map((error) => `${where}: the answer ${error.message}`));
    if (!executed.errors && JSON.stringify(executed.data) !== JSON.stringify(data))
      problems.push(`${where}: the answer holds fields the document did not ask for`);
    return problems;
  });
}
