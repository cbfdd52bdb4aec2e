/** The inputs every run against a simulator starts from: its key, the project, its URL (each of which `more` may replace). */
export type ApiInputs = Record<string, string> & { readonly 'api-key': string; readonly 'project-id': string; readonly 'base-url': string };

/** The project every simulator serves. */
export const SIM_PROJECT = 'proj_sim';

export function apiInputs(sim: { readonly apiKey: string; readonly url: string }, more: Readonly<Record<string, string>> = {}): ApiInputs {
  return { 'api-key': sim.apiKey, 'project-id': SIM_PROJECT, 'base-url': sim.url, ...more };
}
