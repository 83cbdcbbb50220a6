import { ExternalLink } from '../../lib/ui/ExternalLink';
import { Card, ContentPage } from './ContentPage';

interface Paper {
  citation: string;
  doi?: string;
  note: string;
}

/** Published work we build on; each note says in our words why it matters to hiring with AI. */
const papers: Paper[] = [
  {
    citation:
      'Raghavan, M., Barocas, S., Kleinberg, J., & Levy, K. (2020). Mitigating bias in algorithmic hiring: Evaluating claims and practices. Proceedings of the 2020 Conference on Fairness, Accountability, and Transparency, 469–481.',
    doi: '10.1145/3351095.3372828',
    note: 'Surveys how pre-employment assessment vendors describe and test for bias, and what their claims leave out.',
  },
  {
    citation:
      'Sánchez-Monedero, J., Dencik, L., & Edwards, L. (2020). What does it mean to ‘solve’ the problem of discrimination in hiring? Social, technical and legal perspectives from the UK on automated hiring systems. Proceedings of the 2020 Conference on Fairness, Accountability, and Transparency, 458–468.',
    note: 'Shows that de-biasing methods built for US law do not carry over directly to UK and EU equality law.',
  },
  {
    citation:
      'Barocas, S., & Selbst, A. D. (2016). Big data’s disparate impact. California Law Review, 104(3), 671–732.',
    doi: '10.15779/Z38BG31',
    note: 'Explains how data mining can reproduce past discrimination even when no one intends it.',
  },
  {
    citation:
      'Hardt, M., Price, E., & Srebro, N. (2016). Equality of opportunity in supervised learning. Advances in Neural Information Processing Systems 29, 3315–3323.',
    note: 'Defines equal opportunity as a fairness criterion and shows how to adjust a trained classifier to meet it.',
  },
  {
    citation:
      'Tambe, P., Cappelli, P., & Yakubovich, V. (2019). Artificial intelligence in human resources management: Challenges and a path forward. California Management Review, 61(4), 15–42.',
    doi: '10.1177/0008125619867910',
    note: 'Names the practical obstacles to AI in HR, from small data sets to accountability, and ways around them.',
  },
  {
    citation:
      'Hunkenschroer, A. L., & Luetge, C. (2022). Ethics of AI-enabled recruiting and selection: A review and research agenda. Journal of Business Ethics, 178(4), 977–1007.',
    doi: '10.1007/s10551-022-05049-6',
    note: 'A systematic review of the ethical arguments for and against AI in recruiting and selection.',
  },
  {
    citation:
      'Köchling, A., & Wehner, M. C. (2020). Discriminated by an algorithm: A systematic review of discrimination and fairness by algorithmic decision-making in the context of HR recruitment and HR development. Business Research, 13(3), 795–848.',
    doi: '10.1007/s40685-020-00134-w',
    note: 'Collects the evidence on where algorithmic HR decisions discriminate and which remedies have been tried.',
  },
  {
    citation:
      'Li, D., Raymond, L. R., & Bergman, P. (2020). Hiring as exploration (NBER Working Paper No. 27736). National Bureau of Economic Research.',
    doi: '10.3386/w27736',
    note: 'Finds that screening models which also explore under-represented candidates improve both quality and diversity.',
  },
  {
    citation:
      'Langer, M., König, C. J., & Papathanasiou, M. (2019). Highly automated job interviews: Acceptance under the influence of stakes. International Journal of Selection and Assessment, 27(3), 217–234.',
    doi: '10.1111/ijsa.12246',
    note: 'Measures how candidates perceive automated interviews, and how that changes when the stakes are high.',
  },
  {
    citation:
      'Schmidt, F. L., & Hunter, J. E. (1998). The validity and utility of selection methods in personnel psychology: Practical and theoretical implications of 85 years of research findings. Psychological Bulletin, 124(2), 262–274.',
    doi: '10.1037/0033-2909.124.2.262',
    note: 'The classic meta-analysis behind our preference for work samples, structured interviews and ability tests.',
  },
];

export function ResearchPapersPage() {
  return (
    <ContentPage
      eyebrow="Resources"
      title="Research Papers"
      lead="The research on AI in hiring, assessment and fairness that shapes how we design and test our tools."
    >
      <ol className="citations">
        {papers.map((paper) => (
          <li key={paper.citation}>
            <p className="citations__reference">
              {paper.citation}
              {paper.doi && (
                <>
                  {' '}
                  <ExternalLink href={`https://doi.org/${paper.doi}`}>doi:{paper.doi}</ExternalLink>
                </>
              )}
            </p>
            <p className="citations__note">{paper.note}</p>
          </li>
        ))}
      </ol>
    </ContentPage>
  );
}

const caseStudies = [
  {
    title: 'IT services firm cuts campus hiring time',
    client: 'A national IT services company hiring 1,200 graduates a year',
    challenge: 'Twelve weeks from campus drive to offer, with interviewers pulled off client projects for days.',
    approach: 'Skill Assessments and AI first-round interviews replaced the written test and the first panel.',
    outcome: 'Offers went out in five weeks, and panel hours per hire fell by more than half.',
  },
  {
    title: 'Fintech start-up widens its engineering pipeline',
    client: 'A 150-person payments start-up',
    challenge: 'Referrals filled most roles, and shortlists looked the same every time.',
    approach: 'Candidate Sourcing searched by skills, and Diversity Insights tracked pass-through by stage.',
    outcome: 'Women made up a third of the final engineering shortlists, up from one in ten.',
  },
  {
    title: 'Recruitment agency wins a volume mandate',
    client: 'A specialist agency placing data analysts',
    challenge: 'A new client needed 80 analysts in a quarter with evidence for every recommendation.',
    approach: 'Resume Screening with agreed criteria and client-ready candidate reports from Interview Analysis.',
    outcome: 'The agency delivered 86 hires on time and kept the account for the following year.',
  },
  {
    title: 'Hospital group improves retention of nursing hires',
    client: 'A multi-city hospital group',
    challenge: 'One in four new nurses left within six months.',
    approach: 'Structured interviews on situational judgement, plus Talent Management onboarding check-ins.',
    outcome: 'Six-month attrition of new hires dropped to about one in eight.',
  },
];

export function CaseStudiesPage() {
  return (
    <ContentPage
      eyebrow="Resources"
      title="Case Studies"
      lead="How teams like yours use HireGate. Client names are withheld at their request."
    >
      <div className="card-grid card-grid--two">
        {caseStudies.map((study) => (
          <Card key={study.title} title={study.title}>
            <p className="card__meta">{study.client}</p>
            <dl className="case-study">
              <dt>Challenge</dt>
              <dd>{study.challenge}</dd>
              <dt>Approach</dt>
              <dd>{study.approach}</dd>
              <dt>Outcome</dt>
              <dd>{study.outcome}</dd>
            </dl>
          </Card>
        ))}
      </div>
    </ContentPage>
  );
}
