/** Copy of the detail pages under /product, /service and /solution. */

export interface DetailPage {
  eyebrow: string;
  title: string;
  lead: string;
  sections: Array<{ heading: string; body: string; points?: string[] }>;
}

export const productPages = {
  interviewTool: {
    eyebrow: 'Product',
    title: 'AI Interview Tool',
    lead: 'Run structured, consistent first-round interviews at any volume, and review them in minutes instead of hours.',
    sections: [
      {
        heading: 'How it works',
        body: 'You choose the competencies that matter for the role. HireGate drafts the questions and a scoring rubric; your team edits and approves them. Candidates answer by video or text at a time that suits them, and reviewers see answers next to the rubric.',
        points: [
          'Question banks per role family',
          'Rubric-anchored ratings with evidence',
          'Accessible by keyboard and screen reader',
        ],
      },
      {
        heading: 'Why it is fairer',
        body: 'Every candidate gets the same questions in the same order and is scored on the same anchors. Models never see names, photos or addresses, and pass rates are monitored by group at every stage.',
      },
    ],
  },
  jobPostingAnalytics: {
    eyebrow: 'Product',
    title: 'Job Posting & Recruitment Analytics Dashboard',
    lead: 'Publish roles to the boards that work for you and follow every requisition from posting to offer on one screen.',
    sections: [
      {
        heading: 'Post once, reach everywhere',
        body: 'Write the job description once, check it for exclusionary language, and publish it to your careers page and the job boards you choose.',
        points: ['Inclusive-language check', 'Source tracking per board', 'Scheduled reposting'],
      },
      {
        heading: 'See the whole funnel',
        body: 'Applications, screens, interviews and offers per role, per source and per week, with time-in-stage and drop-off highlighted so you know where to act.',
      },
    ],
  },
  candidateSourcing: {
    eyebrow: 'Product',
    title: 'Candidate Sourcing',
    lead: 'Find people who can do the job, including the ones your keyword searches keep missing.',
    sections: [
      {
        heading: 'Skills first',
        body: 'Sourcing starts from the skills a role needs, not from job titles, and suggests adjacent profiles such as a data analyst ready for a data-engineering role.',
        points: ['Rediscover past applicants', 'Personalised outreach drafts', 'Consent-aware contact handling'],
      },
      {
        heading: 'Respectful outreach',
        body: 'Messages explain why a person was contacted and how to opt out, and contact data is kept only as long as the law and your policy allow.',
      },
    ],
  },
} satisfies Record<string, DetailPage>;

export const servicePages = {
  screening: {
    eyebrow: 'Service',
    title: 'Resume Screening',
    lead: 'Shortlists built on job-related evidence, with a clear reason for every decision.',
    sections: [
      {
        heading: 'What we do',
        body: 'We turn the role into must-have and nice-to-have criteria with your hiring manager, screen every application against them, and return a ranked shortlist with the evidence found in each resume.',
        points: [
          'Criteria agreed with you before screening',
          'Human review of every rejection near the cut-off',
          'Turnaround in two working days',
        ],
      },
      {
        heading: 'Guard rails',
        body: 'Names, photos, ages and addresses are masked before screening. We measure selection rates by group and report them with every batch.',
      },
    ],
  },
  dataAnalytics: {
    eyebrow: 'Service',
    title: 'Recruitment Analytics',
    lead: 'Know which sources, stages and interviewers predict a good hire, and which only add time.',
    sections: [
      {
        heading: 'What you get',
        body: 'A monthly review of your hiring data: time-to-hire, cost per hire, offer acceptance, quality of hire and fairness indicators, with three concrete recommendations each time.',
        points: ['Connects to your ATS export', 'Benchmarks against similar teams', 'Board-ready summaries'],
      },
    ],
  },
  talentManagement: {
    eyebrow: 'Service',
    title: 'Talent Management',
    lead: 'Keep the people you worked hard to hire, and help them grow into the next role.',
    sections: [
      {
        heading: 'From offer to first promotion',
        body: 'Structured onboarding plans, skills profiles that update as people learn, and internal mobility suggestions when a new role opens.',
        points: [
          'Onboarding check-ins at 30, 60 and 90 days',
          'Skills maps per team',
          'Internal candidates surfaced first',
        ],
      },
    ],
  },
} satisfies Record<string, DetailPage>;

export const solutionPages = {
  enterprise: {
    eyebrow: 'Solution',
    title: 'For Enterprises',
    lead: 'Consistent, auditable hiring across business units, countries and thousands of requisitions a year.',
    sections: [
      {
        heading: 'Built for scale and scrutiny',
        body: 'Single sign-on, role-based access, data residency options and a full audit trail of every automated recommendation. Our models come with documentation your legal and works-council teams can review.',
        points: ['Adverse-impact reports per business unit', 'ATS and HRIS integrations', 'Dedicated success manager'],
      },
    ],
  },
  recruitmentAgency: {
    eyebrow: 'Solution',
    title: 'For Recruitment Agencies',
    lead: 'Present stronger shortlists faster, and show clients the evidence behind every candidate.',
    sections: [
      {
        heading: 'Win more mandates',
        body: 'Screen large applicant pools in hours, share branded candidate reports with clients, and keep every placement and fee in one pipeline.',
        points: ['Client-ready candidate reports', 'Shared pools across consultants', 'Per-client fairness reporting'],
      },
    ],
  },
  jobSeeker: {
    eyebrow: 'Solution',
    title: 'For Job Seekers',
    lead: 'Free tools that help you show what you can do, from a clearer resume to a GATE score check.',
    sections: [
      {
        heading: 'Tools for candidates',
        body: 'Build a resume that reads well to people and to screening software, practise structured interviews, and check your GATE score and predicted rank from your response sheet.',
        points: [
          'Resume builder with plain-language feedback',
          'Interview practice with sample questions',
          'GATE score and rank checker',
        ],
      },
    ],
  },
} satisfies Record<string, DetailPage>;
