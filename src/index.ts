import { setFlagsFromString } from 'node:v8';
import { run } from './main.js';

// undici parses HTTP with a WebAssembly build of llhttp. V8 compiles it a second time with its
// optimising tier in the background, and Node waits for that work before it exits: about 90 ms
// on a 2-core runner, for code that serves a handful of requests. The baseline tier is enough.
// Set before the first request, which is when undici compiles the module.
setFlagsFromString('--liftoff-only');

await run();
