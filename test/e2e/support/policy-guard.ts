import { afterEach, expect } from 'vitest';
import { takePolicyViolations } from './policy-violations';

// A setup file of the e2e lane: no journey may meet a Content-Security-Policy violation.
afterEach(() => {
  expect(takePolicyViolations(), 'Content-Security-Policy violations').toEqual([]);
});
