/**
 * A fake of the runner's artifact service: its Twirp calls (create, finalize) and the blob store
 * it hands out an upload URL for, as `@actions/artifact` talks to them. It keeps what it received;
 * it can refuse a create (a name already taken) or take one and never answer.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const TWIRP = '/twirp/github.actions.results.api.v1.ArtifactService';
const RUN_ID = '11111111-1111-4111-8111-111111111111';
const JOB_ID = '22222222-2222-4222-8222-222222222222';
const SIGNATURE = 'fakeBlobSignature0123456789';

export interface ReceivedRequest {
  readonly method: string;
  readonly url: URL;
  readonly body: Buffer;
}

export interface FakeArtifactService {
  readonly url: string;
  /** The signature of the upload URL it hands out: a credential, which `@actions/artifact` masks. */
  readonly signature: string;
  /** The workflow run and job the runner's token names. */
  readonly runId: string;
  readonly jobId: string;
  readonly received: ReceivedRequest[];
  /** When set, the service refuses to create the artifact, as it does for a name already taken. */
  refuseCreate: boolean;
  /** When set, the service takes the create request and never answers it. */
  hangCreate: boolean;
  /** The variables a runner sets for its artifact service: its URL and a token shaped like the runner's. */
  env(): Record<string, string>;
  /** How many create requests it received. */
  creates(): number;
  close(): Promise<void>;
}

export async function startFakeArtifactService(): Promise<FakeArtifactService> {
  let url = '';
  const service: FakeArtifactService = {
    get url() {
      return url;
    },
    signature: SIGNATURE,
    runId: RUN_ID,
    jobId: JOB_ID,
    received: [],
    refuseCreate: false,
    hangCreate: false,
    env: () => ({ ACTIONS_RUNTIME_TOKEN: runtimeToken(), ACTIONS_RESULTS_URL: url }),
    creates: () => service.received.filter((r) => r.url.pathname === `${TWIRP}/CreateArtifact`).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = new URL(request.url ?? '/', url);
      service.received.push({ method: request.method ?? '', url: at, body: Buffer.concat(chunks) });
      if (at.pathname === `${TWIRP}/CreateArtifact` && service.hangCreate) {
        return; // the connection stays open until the client goes away or the service closes
      } else if (at.pathname === `${TWIRP}/CreateArtifact` && service.refuseCreate) {
        response.statusCode = 409;
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ code: 'already_exists', msg: 'an artifact with this name already exists on the workflow run' }));
      } else if (at.pathname === `${TWIRP}/CreateArtifact`) {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ ok: true, signed_upload_url: `${url}devstoreaccount1/artifacts/upload.zip?sig=${SIGNATURE}` }));
      } else if (at.pathname === `${TWIRP}/FinalizeArtifact`) {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ ok: true, artifact_id: '4242' }));
      } else if (request.method === 'PUT' && at.pathname === '/devstoreaccount1/artifacts/upload.zip') {
        response.statusCode = 201;
        response.setHeader('etag', '"0x1"');
        response.end();
      } else {
        response.statusCode = 404;
        response.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return service;
}

/** A token shaped like the runner's: only its `scp` claim is read, to find the run and the job. */
function runtimeToken(): string {
  const part = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ scp: `Actions.Results:${RUN_ID}:${JOB_ID}` })}.signature`;
}
