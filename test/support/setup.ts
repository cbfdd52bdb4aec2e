/** Runs in every test file: what the file's action runs left on disk goes when the file ends. */
import { afterAll } from 'vitest';
import { removeRunDirs } from './run-action.js';

afterAll(() => {
  removeRunDirs();
});
