import { contactDetails } from '../../lib/contact-details';
import { ContentPage } from './ContentPage';

/** The privacy policy and terms of use pages have empty bodies; the full texts live on the external site. */
export function PrivacyPage() {
  return <ContentPage eyebrow="Legal" title="Privacy Policy" contactCall={false} />;
}

export function TermsPage() {
  return <ContentPage eyebrow="Legal" title="Terms of Use" contactCall={false} />;
}

const disclaimerSections = [
  {
    heading: '1. General information',
    body: 'The content of this website is provided by HireGate Technologies for general information only. We work to keep it accurate and current, but we make no warranty, express or implied, about its completeness, accuracy or suitability for any purpose.',
  },
  {
    heading: '2. No professional advice',
    body: 'Nothing on this website is legal, employment, financial or career advice. Decisions about hiring or about your education and career should be taken with qualified advisers who know your circumstances.',
  },
  {
    heading: '3. GATE score and rank checker',
    body: 'Scores are computed from your response sheet and answer keys that may be provisional. Predicted ranks are statistical estimates based on past data and participation, not official results. Only the organising institute publishes official GATE scores and ranks.',
  },
  {
    heading: '4. AI-assisted hiring tools',
    body: 'Our tools support human decisions and do not replace them. Employers using HireGate remain responsible for their hiring decisions and for complying with the employment and data-protection laws that apply to them.',
  },
  {
    heading: '5. External links',
    body: 'This website links to sites that we do not operate, including exam, social media and partner sites. We are not responsible for their content, availability or privacy practices, and a link is not an endorsement.',
  },
  {
    heading: '6. Case studies and testimonials',
    body: 'Case studies describe the experience of particular clients. Results depend on each organisation’s roles, volumes and processes, and your results may differ.',
  },
  {
    heading: '7. Limitation of liability',
    body: 'To the extent the law allows, HireGate is not liable for any loss or damage, direct or indirect, arising from the use of this website or from reliance on its content.',
  },
  {
    heading: '8. Changes and contact',
    body: `We may update this disclaimer from time to time; the date above shows the latest version. Questions about it can be sent to ${contactDetails.supportEmail}.`,
  },
];

export function DisclaimerPage() {
  return (
    <ContentPage
      eyebrow="Legal"
      title="Disclaimer"
      lead={
        <>
          Last updated: <time dateTime="2024-01-05">05 Jan 2024</time>
        </>
      }
    >
      <div className="prose">
        {disclaimerSections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            <p>{section.body}</p>
          </section>
        ))}
      </div>
    </ContentPage>
  );
}
