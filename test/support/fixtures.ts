import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The generated GATE fixture sets, copied into the repository with their provenance (test/fixtures/gate/README.md). */
export const fixturesRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/gate');

export const FIXTURE_ORIGIN = 'http://127.0.0.1:4599';
export const fixtureSets = ['cs1-2026', 'da-2025'] as const;
export type FixtureSet = (typeof fixtureSets)[number];

/**
 * The paper-family sets test/fixture-generator writes: one plain paper (EE), both sessions of a two-session paper
 * (CE), and each paper whose candidates choose sections. Their sheets name no images (none is written).
 */
export const familySets = [
  'ee-2025',
  'ce1-2025',
  'ce2-2025',
  'ge-2025',
  'ar-2025',
  'gg-2025',
  'xe-2025',
  'xl-2025',
  'xh-2025',
] as const;
export type FamilySet = (typeof familySets)[number];

/**
 * Sets the generator makes from an official key's rows (their questions' numbers, types, sections, marks and keys), to
 * be scored with the official PDF itself: test/fixtures/gate/official-keys/<folder>/key.pdf.
 */
export const officialKeySets = {
  'official-cs-2023': 'cs-2023',
  'official-cs1-2024': 'cs1-2024',
  'official-cs1-2025': 'cs1-2025-final',
  'official-da-2025': 'da-2025',
  'official-da-2026': 'da-2026',
} as const;
export type OfficialKeySet = keyof typeof officialKeySets;

export interface FixtureUrls {
  baseUrl: string;
  imageDir: string;
  sheets: Array<{ candidateId: string; file: string; path: string; url: string }>;
  master: { candidateId?: string; file: string; path: string; url: string };
}

export function readFixtureJson<T>(set: FixtureSet | FamilySet, file: string): T {
  return JSON.parse(readFileSync(path.join(fixturesRoot, set, file), 'utf8')) as T;
}

export function readFixtureText(set: FixtureSet | FamilySet, file: string): string {
  return readFileSync(path.join(fixturesRoot, set, file), 'utf8');
}
