import { CATALOGUE } from './catalogue';

/**
 * The catalogue's sources as a reader knows them: publisher and year. Its ids ('collegedunia-qm-2024-more') tell two
 * pages of one publisher apart for the README and the tests, and mean nothing on a scorecard; a tooltip may still
 * carry them.
 */
export const SOURCE_NAMES: Readonly<Record<string, string>> = {
  'pattern-65': 'Shiksha 2026',
  'ge-2025-sheet': 'a GATE 2025 GE response sheet',
  'mockai-2025': 'MOCK.AI on GitHub 2025',
  'daily8-2026': 'Daily8 2026',
  'careers360-xe-2026': 'Careers360 2026',
  'testurself-xe': 'TestUrSelf',
  'careers360-qm-2025': 'Careers360 2025',
  'careers360-ews-2025': 'Careers360 2025',
  'studygrades-2025': 'StudyGrades 2025',
  'collegedunia-qm-2024': 'Collegedunia 2024',
  'collegedunia-qm-2024-more': 'Collegedunia 2024',
  'pdifas-ph': 'PDIFAS blog 2024',
  'careers360-qm-2026': 'Careers360 2026',
  'careers360-branch-2026': 'Careers360 2026',
  'gate2024-sessions': 'IISc Bangalore, GATE 2024',
  'indiatv-2025-schedule': 'India TV 2025',
  'newsx-2026-schedule': 'NewsX 2026',
  'aglasem-ce-2022': 'AglaSem 2022',
  'ndtv-new-papers': 'NDTV 2022',
  'analyticsvidhya-da': 'Analytics Vidhya 2023',
  'zollege-ge-2023': 'Zollege 2023',
  'indianexpress-gg-2022': 'The Indian Express 2022',
  'rank-data-v3': "GATE's official figures",
  'careers360-me': 'Careers360',
  'zeenews-2026-challenge': 'Zee News 2026',
};

/** Every catalogue id, for checks that no reader's text carries one. */
export const SOURCE_IDS: readonly string[] = Object.keys(CATALOGUE.sources);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// Longest first, so 'collegedunia-qm-2024-more' is never read as 'collegedunia-qm-2024' and '-more'.
const ID = [...SOURCE_IDS]
  .sort((a, b) => b.length - a.length)
  .map(escape)
  .join('|');
/** One id, or a list of them joined by ', ' as the catalogue writes a fact read from several sources. */
const IDS = new RegExp(`(?<![\\w-])(?:${ID})(?:, (?:${ID}))*(?![\\w-])`, 'g');

/** A source text with each catalogue id replaced by its name, a list of them by their distinct names. */
export function namedSources(text: string): string {
  return text.replace(IDS, (ids) => [...new Set(ids.split(', ').map((id) => SOURCE_NAMES[id] ?? id))].join(', '));
}
