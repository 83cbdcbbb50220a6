/**
 * Marketing copy for the offer, products and services (the home page and the listings). The detail pages under
 * /product, /service and /solution have theirs in offering-pages.ts, so the home page does not download it.
 */

export interface Offering {
  title: string;
  summary: string;
}

export const offerPoints: Offering[] = [
  {
    title: 'AI-powered interviews',
    summary: 'Structured first-round interviews that run around the clock and ask every candidate the same questions.',
  },
  {
    title: 'Efficiency',
    summary: 'Scheduling, screening and note-taking handled for you, so recruiters spend their time on people.',
  },
  {
    title: 'Unbiased evaluation',
    summary: 'Job-related scoring rubrics, blind review options and regular adverse-impact checks on every model.',
  },
  {
    title: 'Data-driven insights',
    summary: 'Funnel, source and quality-of-hire reports that show where your process works and where it leaks.',
  },
  {
    title: 'Integration with your ATS',
    summary: 'Candidates, notes and scores flow both ways with the applicant tracking system you already use.',
  },
];

export const products: Offering[] = [
  {
    title: 'Interview Scheduler',
    summary: 'Candidates pick a slot that suits every panelist; reminders and reschedules happen on their own.',
  },
  {
    title: 'Virtual Interview Platform',
    summary: 'Browser-based video interviews with live coding, whiteboards and recorded answers.',
  },
  {
    title: 'Interview Analysis',
    summary: 'Transcripts mapped to your rubric, with evidence for each rating a reviewer can check.',
  },
  {
    title: 'Skill Assessments',
    summary: 'Role-specific tests in coding, data, design and aptitude, validated against job performance.',
  },
  {
    title: 'Candidate Ranking',
    summary: 'A shortlist ordered by job-related evidence, with the reasons behind each position.',
  },
  {
    title: 'Diversity Insights',
    summary: 'Pass-through rates by stage and group, so gaps are visible before they become outcomes.',
  },
  {
    title: 'Feedback Collector',
    summary: 'Short surveys for candidates and interviewers that turn impressions into numbers.',
  },
];

export const services: Offering[] = [
  { title: 'AI Interviews', summary: 'We design, pilot and run structured AI interviews for your high-volume roles.' },
  {
    title: 'AI Sourcing',
    summary: 'Search across public profiles and your own talent pool to find people who fit the role.',
  },
  {
    title: 'JD & Resume Builder',
    summary: 'Inclusive job descriptions for employers and clear, honest resumes for candidates.',
  },
  {
    title: 'Real-time Interview Services',
    summary: 'Trained interviewers on call, assisted by live transcription and rubric prompts.',
  },
  {
    title: 'Reporting',
    summary: 'Monthly hiring reviews with your team: funnel health, fairness metrics and next steps.',
  },
  {
    title: 'Applicant Tracking System',
    summary: 'A light ATS for growing teams, or a clean connection to the one you run today.',
  },
];

export const claims = [
  { figure: 'Less', label: 'time-to-hire, once scheduling and first-round screening run on their own' },
  { figure: 'Lower', label: 'turnover, when people are chosen on evidence tied to the job' },
  { figure: 'Lower', label: 'cost per hire, with fewer agency fees and fewer interview hours' },
  { figure: 'More', label: 'diversity in shortlists, when every candidate is judged on the same rubric' },
];
