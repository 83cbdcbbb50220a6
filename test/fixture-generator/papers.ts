/**
 * The generator's ground truth for each fixture set: the paper's sections as GATE 2025 printed them (question counts,
 * the key's numbers, one-mark questions first), the image codes a sheet uses for each section, and the key's Section
 * names. Written down here from the public facts (docs/gate/response-sheet-format.md, the 2025 papers' section
 * totals), not read from HireGate's catalogue: a disagreement between the two fails the tests.
 */
export interface SectionPlan {
  id: string;
  /** The section label the sheet prints. */
  label: string;
  /** Image-name section code: 'ga5', 'geb1'. */
  imageCode: string;
  /** Key name of the section: 'GA', 'GE-B-SI'. */
  keySection: string;
  questions: number;
  oneMark: number;
  /** The key's number of the first question. */
  first: number;
  /** The images number the section from 1 instead of with the key's numbers. */
  localImageNumbers?: boolean;
  optional?: boolean;
}

export interface PaperPlan {
  set: string;
  code: string;
  year: number;
  /** The Subject line of the sheet header. */
  subject: string;
  /** Candidate ids start with this: 'GE25S6'. */
  idPrefix: string;
  sections: SectionPlan[];
  /** Optional sections a candidate chooses (0: none). */
  choose: number;
  /** Ranked paper by chosen section, where a choice is ranked apart (GG1, GG2). */
  rankedAs?: Record<string, string>;
  seed: number;
  questionIdBase: number;
}

const ga = (imageCode: string): SectionPlan => ({
  id: 'GA',
  label: 'General Aptitude',
  imageCode,
  keySection: 'GA',
  questions: 10,
  oneMark: 5,
  first: 1,
});

const plain = (code: string, subjectCode: string, label: string): SectionPlan => ({
  id: 'S',
  label,
  imageCode: subjectCode,
  keySection: code,
  questions: 55,
  oneMark: 25,
  first: 11,
});

const optional = (section: Omit<SectionPlan, 'optional'>): SectionPlan => ({ ...section, optional: true });

/** Sections of equal size one after the other, numbered from `first` on. */
function run(
  ids: ReadonlyArray<[id: string, label: string]>,
  first: number,
  size: { questions: number; oneMark: number },
  code: string,
  sameNumbers = false,
): SectionPlan[] {
  return ids.map(([id, label], index) =>
    optional({
      id,
      label,
      imageCode: `${code}${id}`.toLowerCase(),
      keySection: `${code}-${id}`,
      ...size,
      first: sameNumbers ? first : first + index * size.questions,
    }),
  );
}

export const PAPER_PLANS: readonly PaperPlan[] = [
  {
    set: 'ee-2025',
    code: 'EE',
    year: 2025,
    subject: 'Electrical Engineering (EE)',
    idPrefix: 'EE25S3',
    sections: [ga('ga3'), plain('EE', 'ee3', 'Electrical Engineering')],
    choose: 0,
    seed: 2501,
    questionIdBase: 64_512_700_101,
  },
  {
    set: 'ce1-2025',
    code: 'CE',
    year: 2025,
    subject: 'Civil Engineering (CE1)',
    idPrefix: 'CE25S1',
    sections: [ga('ga1'), plain('CE', 'ce1', 'Civil Engineering')],
    choose: 0,
    seed: 2502,
    questionIdBase: 64_512_710_201,
  },
  {
    set: 'ce2-2025',
    code: 'CE',
    year: 2025,
    subject: 'Civil Engineering (CE2)',
    idPrefix: 'CE25S2',
    sections: [ga('ga2'), plain('CE', 'ce2', 'Civil Engineering')],
    choose: 0,
    seed: 2503,
    questionIdBase: 64_512_720_301,
  },
  {
    set: 'ge-2025',
    code: 'GE',
    year: 2025,
    subject: 'GE Geomatics Engineering',
    idPrefix: 'GE25S6',
    sections: [
      ga('ga6'),
      {
        id: 'A',
        label: 'Part A (Compulsory)',
        imageCode: 'gea',
        keySection: 'GE-A',
        questions: 36,
        oneMark: 17,
        first: 11,
      },
      optional({
        id: 'B1',
        label: 'Part B1: Surveying and Mapping',
        imageCode: 'geb1',
        keySection: 'GE-B-SI',
        questions: 19,
        oneMark: 8,
        first: 47,
      }),
      optional({
        id: 'B2',
        label: 'Part B2: Image Processing and Analysis',
        imageCode: 'geb2',
        keySection: 'GE-B-SII',
        questions: 19,
        oneMark: 8,
        first: 66,
      }),
    ],
    choose: 1,
    seed: 2504,
    questionIdBase: 64_512_730_401,
  },
  {
    set: 'ar-2025',
    code: 'AR',
    year: 2025,
    subject: 'AR Architecture and Planning',
    idPrefix: 'AR25S1',
    sections: [
      ga('ga4'),
      { id: 'A', label: 'Part A (Common)', imageCode: 'ara', keySection: 'AR', questions: 39, oneMark: 18, first: 11 },
      ...run(
        [
          ['B1', 'Part B1: Architecture'],
          ['B2', 'Part B2: Planning'],
        ],
        50,
        { questions: 16, oneMark: 7 },
        'AR',
      ),
    ],
    choose: 1,
    seed: 2505,
    questionIdBase: 64_512_740_501,
  },
  {
    set: 'gg-2025',
    code: 'GG',
    year: 2025,
    subject: 'GG Geology and Geophysics',
    idPrefix: 'GG25S2',
    sections: [
      ga('ga2'),
      { id: 'A', label: 'Part A (Common)', imageCode: 'gga', keySection: 'GG', questions: 16, oneMark: 7, first: 11 },
      // GG's key numbers both parts 27-65 (they are ranked as GG1 and GG2); these images count each part from 1.
      ...run(
        [
          ['B1', 'Part B1: Geology'],
          ['B2', 'Part B2: Geophysics'],
        ],
        27,
        { questions: 39, oneMark: 18 },
        'GG',
        true,
      ).map((section, index) => ({ ...section, keySection: `GG${index + 1}`, localImageNumbers: true })),
    ],
    choose: 1,
    rankedAs: { B1: 'GG1', B2: 'GG2' },
    seed: 2506,
    questionIdBase: 64_512_750_601,
  },
  {
    set: 'xe-2025',
    code: 'XE',
    year: 2025,
    subject: 'XE Engineering Sciences',
    idPrefix: 'XE25S1',
    sections: [
      ga('ga1'),
      {
        id: 'A',
        label: 'Section A: Engineering Mathematics (Compulsory)',
        imageCode: 'xea',
        keySection: 'XE-A',
        questions: 11,
        oneMark: 7,
        first: 11,
      },
      ...run(
        [
          ['B', 'Section B: Fluid Mechanics'],
          ['C', 'Section C: Materials Science'],
          ['D', 'Section D: Solid Mechanics'],
          ['E', 'Section E: Thermodynamics'],
          ['F', 'Section F: Polymer Science and Engineering'],
          ['G', 'Section G: Food Technology'],
          ['H', 'Section H: Atmospheric and Oceanic Sciences'],
        ],
        22,
        { questions: 22, oneMark: 9 },
        'XE',
      ),
    ],
    choose: 2,
    seed: 2507,
    questionIdBase: 64_512_760_701,
  },
  {
    set: 'xl-2025',
    code: 'XL',
    year: 2025,
    subject: 'XL Life Sciences',
    idPrefix: 'XL25S1',
    sections: [
      ga('ga1'),
      {
        id: 'P',
        label: 'Section P: Chemistry (Compulsory)',
        imageCode: 'xlp',
        keySection: 'XL-P',
        questions: 17,
        oneMark: 9,
        first: 11,
      },
      ...run(
        [
          ['Q', 'Section Q: Biochemistry'],
          ['R', 'Section R: Botany'],
          ['S', 'Section S: Microbiology'],
          ['T', 'Section T: Zoology'],
          ['U', 'Section U: Food Technology'],
        ],
        28,
        { questions: 19, oneMark: 8 },
        'XL',
      ),
    ],
    choose: 2,
    seed: 2508,
    questionIdBase: 64_512_770_801,
  },
  {
    set: 'xh-2025',
    code: 'XH',
    year: 2025,
    subject: 'XH Humanities and Social Sciences',
    idPrefix: 'XH25S1',
    sections: [
      ga('ga1'),
      {
        id: 'B1',
        label: 'Section B1: Reasoning and Comprehension (Compulsory)',
        imageCode: 'xhb1',
        keySection: 'XH-B1',
        questions: 16,
        oneMark: 7,
        first: 11,
      },
      // XH's key numbers every C section 27-65, and so do these images.
      ...run(
        [
          ['C1', 'Section C1: Economics'],
          ['C2', 'Section C2: English'],
          ['C3', 'Section C3: Linguistics'],
          ['C4', 'Section C4: Philosophy'],
          ['C5', 'Section C5: Psychology'],
          ['C6', 'Section C6: Sociology'],
        ],
        27,
        { questions: 39, oneMark: 18 },
        'XH',
        true,
      ),
    ],
    choose: 1,
    rankedAs: { C1: 'XH-C1', C2: 'XH-C2', C3: 'XH-C3', C4: 'XH-C4', C5: 'XH-C5', C6: 'XH-C6' },
    seed: 2509,
    questionIdBase: 64_512_780_901,
  },
];
