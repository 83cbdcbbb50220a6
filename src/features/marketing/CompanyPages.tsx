import { externalLinks } from '../../lib/links';
import { contactDetails, mailTo } from '../../lib/contact-details';
import { Card, ContentPage } from './ContentPage';

export function AboutPage() {
  return (
    <ContentPage
      eyebrow="Company"
      title="About Us"
      lead="HireGate builds AI hiring tools for recruiters, enterprises and agencies, and free tools for the candidates they hire."
    >
      <section className="prose">
        <h2>Why we exist</h2>
        <p>
          Hiring decides the course of people&apos;s lives and of companies&apos; futures, yet it still runs on rushed
          resume scans and unstructured chats. We started HireGate in Bengaluru to bring the rigour of good assessment
          science to everyday hiring: the same questions for everyone, scores tied to the job, and evidence a person can
          check.
        </p>
        <h2>What we believe</h2>
        <ul className="check-list">
          <li>Automation should remove busywork, not human judgement.</li>
          <li>Every automated recommendation must come with a reason a recruiter can read.</li>
          <li>Fairness is measured, reported and fixed, not promised.</li>
          <li>Candidates deserve free, honest tools too, which is why our GATE score checker costs nothing.</li>
        </ul>
        <h2>Who we serve</h2>
        <p>
          Recruiters and talent teams in enterprises, recruitment agencies that place engineers and analysts, job
          seekers preparing for their next role, and engineering graduates checking their GATE results.
        </p>
      </section>
    </ContentPage>
  );
}

export function PressPage() {
  return (
    <ContentPage eyebrow="Company" title="Press Room" lead="News, announcements and resources for journalists.">
      <section className="press-contact" aria-labelledby="media-contact">
        <h2 id="media-contact">Media contact</h2>
        <p>
          Ananya Rao, Communications Lead
          <br />
          <a href={`mailto:${contactDetails.pressEmail}`}>{contactDetails.pressEmail}</a>
        </p>
        <p>We answer press enquiries within one working day.</p>
      </section>
      <section aria-labelledby="releases">
        <h2 id="releases">Press releases</h2>
        <article className="press-release">
          <p className="press-release__date">
            <time dateTime="2024-05-03">May 3, 2024</time>
          </p>
          <h3>HireGate launches Interview Analysis to make first-round interviews consistent and explainable</h3>
          <p>
            <strong>Bengaluru, India.</strong> HireGate today announced Interview Analysis, a tool that maps interview
            transcripts to a role&apos;s scoring rubric and shows reviewers the evidence behind every suggested rating.
            The release adds adverse-impact monitoring at each hiring stage and a reviewer override that is logged for
            audit.
          </p>
          <p>
            &ldquo;Recruiters told us they did not want a black box that says yes or no,&rdquo; said the HireGate
            founding team. &ldquo;They wanted help applying their own rubric the same way to every candidate. That is
            what Interview Analysis does.&rdquo;
          </p>
          <p>
            Interview Analysis is available today to customers of the Virtual Interview Platform and integrates with the
            applicant tracking systems HireGate already supports.
          </p>
        </article>
      </section>
    </ContentPage>
  );
}

const openings = [
  {
    title: 'AI/ML Engineer',
    meta: 'Bengaluru or remote (India) · Full time',
    summary:
      'Build and evaluate the models behind interview analysis and candidate ranking, with fairness testing as part of every release.',
  },
  {
    title: 'Lead Developer',
    meta: 'Bengaluru · Full time',
    summary:
      'Lead a small team shipping our TypeScript web platform and APIs: design reviews, mentoring and hands-on code.',
  },
  {
    title: 'UI/UX Designer',
    meta: 'Bengaluru or remote (India) · Full time',
    summary:
      'Design clear, accessible experiences for recruiters and candidates, from research interviews to polished screens.',
  },
];

export function CareersPage() {
  return (
    <ContentPage
      eyebrow="Company"
      title="Careers"
      lead="Help us make hiring faster and fairer. We are a small team that ships often and measures what it builds."
    >
      <h2>Open positions</h2>
      <div className="card-grid">
        {openings.map((opening) => (
          <Card
            key={opening.title}
            title={opening.title}
            footer={
              <a
                className="button button--primary"
                href={externalLinks.careersApplicationForm}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Apply for ${opening.title} (opens in a new tab)`}
              >
                Apply
              </a>
            }
          >
            <p className="card__meta">{opening.meta}</p>
            <p>{opening.summary}</p>
          </Card>
        ))}
      </div>
      <p className="page-note">
        Do not see your role? Write to us at{' '}
        <a href={`mailto:${contactDetails.careersEmail}`}>{contactDetails.careersEmail}</a>.
      </p>
    </ContentPage>
  );
}

const trends = [
  {
    title: 'Skills over degrees',
    body: 'More employers now screen for demonstrated skills rather than job titles or institutions, widening their talent pools.',
  },
  {
    title: 'Structured interviews go mainstream',
    body: 'Teams are replacing free-form conversations with shared questions and rubrics, the format research links to better hiring decisions.',
  },
  {
    title: 'Regulation of automated hiring',
    body: 'Rules such as New York City’s Local Law 144 and the EU AI Act put audits and transparency at the centre of AI hiring tools.',
  },
  {
    title: 'Candidate experience as a brand',
    body: 'Quick scheduling, clear feedback and respectful rejections are now expected, and candidates share their experience publicly.',
  },
];

export function SalesPage() {
  return (
    <ContentPage
      eyebrow="Company"
      title="Sales and market trends"
      lead="What we see across the hiring market, and how HireGate helps teams keep up."
    >
      <div className="card-grid">
        {trends.map((trend) => (
          <Card key={trend.title} title={trend.title}>
            <p>{trend.body}</p>
          </Card>
        ))}
      </div>
      <p className="page-note">
        Talk to our sales team about pricing, pilots and integrations:{' '}
        <a href={`mailto:${contactDetails.salesEmail}`}>{contactDetails.salesEmail}</a>.
      </p>
    </ContentPage>
  );
}

/** Each card's button writes to its team's inbox (contact-details.ts), the subject saying what it is about. */
const contactCards = [
  {
    title: 'Press',
    body: 'Interviews, statements and media kits for journalists.',
    action: 'Contact press',
    href: mailTo(contactDetails.pressEmail, 'Press enquiry'),
  },
  {
    title: 'Help & Support',
    body: 'Questions about your account, the platform or the GATE checker.',
    action: 'Get help',
    href: mailTo(contactDetails.supportEmail, 'Help request'),
  },
  {
    title: 'Sales',
    body: 'Pricing, pilots and integrations for your team.',
    action: 'Talk to sales',
    href: mailTo(contactDetails.salesEmail, 'Sales enquiry'),
  },
];

export function ContactPage() {
  const { address } = contactDetails;
  return (
    <ContentPage
      eyebrow="Company"
      title="Contact Us"
      lead="Tell us what you need and the right team will get back to you."
      contactCall={false}
    >
      <div className="card-grid">
        {contactCards.map((card) => (
          <Card
            key={card.title}
            title={card.title}
            footer={
              <a className="button" href={card.href}>
                {card.action}
              </a>
            }
          >
            <p>{card.body}</p>
          </Card>
        ))}
      </div>
      <section className="address" aria-labelledby="address-heading">
        <h2 id="address-heading">Our office</h2>
        <address>
          HireGate Technologies
          <br />
          {address.street}
          <br />
          {address.city}, {address.country}
        </address>
        <p>
          Support phone:{' '}
          <a href={`tel:${contactDetails.supportPhone.replace(/\s/g, '')}`}>{contactDetails.supportPhone}</a>
          <br />
          Support e-mail: <a href={`mailto:${contactDetails.supportEmail}`}>{contactDetails.supportEmail}</a>
        </p>
      </section>
    </ContentPage>
  );
}

export function SupportPage() {
  return (
    <ContentPage
      eyebrow="Help"
      title="Customer Support"
      lead="We are here to help with your account, our hiring tools and the GATE score checker."
    >
      <section className="prose">
        <h2>Before you write</h2>
        <ul className="check-list">
          <li>For the GATE checker, keep the link to your response sheet and the paper you took at hand.</li>
          <li>For account questions, write from the e-mail address you signed up with.</li>
          <li>Forgot your password? Use the link on the sign-in screen to get a reset e-mail.</li>
        </ul>
        <p>
          <a className="button button--primary" href={mailTo(contactDetails.supportEmail, 'Query')}>
            Raise query
          </a>
        </p>
      </section>
    </ContentPage>
  );
}
