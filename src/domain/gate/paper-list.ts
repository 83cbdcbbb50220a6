/**
 * The 30 GATE papers as the checker offers them: code, name and how many sessions the paper is held in now. The
 * catalogue (catalogue/catalogue.v1.json) holds these facts with their sources, and much more; this short list is what
 * the browser needs to offer a choice of paper without downloading the catalogue. paper-list.test.ts keeps the two in
 * agreement (names, and the sessions of the catalogue's latest year).
 */
export interface ListedPaper {
  code: string;
  name: string;
  /** Two for a paper held in two sessions (CS 1 and CS 2 are picked apart), else one. */
  sessions: 1 | 2;
}

export const PAPER_LIST: readonly ListedPaper[] = [
  { code: 'AE', name: 'Aerospace Engineering', sessions: 1 },
  { code: 'AG', name: 'Agricultural Engineering', sessions: 1 },
  { code: 'AR', name: 'Architecture and Planning', sessions: 1 },
  { code: 'BM', name: 'Biomedical Engineering', sessions: 1 },
  { code: 'BT', name: 'Biotechnology', sessions: 1 },
  { code: 'CE', name: 'Civil Engineering', sessions: 2 },
  { code: 'CH', name: 'Chemical Engineering', sessions: 1 },
  { code: 'CS', name: 'Computer Science and Information Technology', sessions: 2 },
  { code: 'CY', name: 'Chemistry', sessions: 1 },
  { code: 'DA', name: 'Data Science and Artificial Intelligence', sessions: 1 },
  { code: 'EC', name: 'Electronics and Communication Engineering', sessions: 1 },
  { code: 'EE', name: 'Electrical Engineering', sessions: 1 },
  { code: 'ES', name: 'Environmental Science and Engineering', sessions: 1 },
  { code: 'EY', name: 'Ecology and Evolution', sessions: 1 },
  { code: 'GE', name: 'Geomatics Engineering', sessions: 1 },
  { code: 'GG', name: 'Geology and Geophysics', sessions: 1 },
  { code: 'IN', name: 'Instrumentation Engineering', sessions: 1 },
  { code: 'MA', name: 'Mathematics', sessions: 1 },
  { code: 'ME', name: 'Mechanical Engineering', sessions: 1 },
  { code: 'MN', name: 'Mining Engineering', sessions: 1 },
  { code: 'MT', name: 'Metallurgical Engineering', sessions: 1 },
  { code: 'NM', name: 'Naval Architecture and Marine Engineering', sessions: 1 },
  { code: 'PE', name: 'Petroleum Engineering', sessions: 1 },
  { code: 'PH', name: 'Physics', sessions: 1 },
  { code: 'PI', name: 'Production and Industrial Engineering', sessions: 1 },
  { code: 'ST', name: 'Statistics', sessions: 1 },
  { code: 'TF', name: 'Textile Engineering and Fibre Science', sessions: 1 },
  { code: 'XE', name: 'Engineering Sciences', sessions: 1 },
  { code: 'XH', name: 'Humanities and Social Sciences', sessions: 1 },
  { code: 'XL', name: 'Life Sciences', sessions: 1 },
];

/** The two-letter codes, as candidate ids, Subject lines and key PDFs write them. */
export const LISTED_CODES: ReadonlySet<string> = new Set(PAPER_LIST.map((paper) => paper.code));
