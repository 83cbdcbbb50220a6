import { Card, ContentPage } from './ContentPage';
import { productPages, servicePages, solutionPages, type DetailPage } from './offering-pages';
import { products, services } from './offerings';

function DetailContent({ page }: { page: DetailPage }) {
  return (
    <ContentPage eyebrow={page.eyebrow} title={page.title} lead={page.lead}>
      {page.sections.map((section) => (
        <section key={section.heading} className="prose">
          <h2>{section.heading}</h2>
          <p>{section.body}</p>
          {section.points && (
            <ul className="check-list">
              {section.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </ContentPage>
  );
}

export const InterviewToolPage = () => <DetailContent page={productPages.interviewTool} />;
export const JobPostingAnalyticsPage = () => <DetailContent page={productPages.jobPostingAnalytics} />;
export const CandidateSourcingPage = () => <DetailContent page={productPages.candidateSourcing} />;
export const ScreeningServicePage = () => <DetailContent page={servicePages.screening} />;
export const DataAnalyticsServicePage = () => <DetailContent page={servicePages.dataAnalytics} />;
export const TalentManagementServicePage = () => <DetailContent page={servicePages.talentManagement} />;
export const EnterpriseSolutionPage = () => <DetailContent page={solutionPages.enterprise} />;
export const RecruitmentAgencySolutionPage = () => <DetailContent page={solutionPages.recruitmentAgency} />;
export const JobSeekerSolutionPage = () => <DetailContent page={solutionPages.jobSeeker} />;

export function ProductsPage() {
  return (
    <ContentPage
      eyebrow="Platform"
      title="Products"
      lead="Seven tools that cover hiring from the first message to the signed offer. Use one, or use them together."
    >
      <div className="card-grid">
        {products.map((product) => (
          <Card key={product.title} title={product.title}>
            <p>{product.summary}</p>
          </Card>
        ))}
      </div>
    </ContentPage>
  );
}

export function ServicesPage() {
  return (
    <ContentPage
      eyebrow="Platform"
      title="Services"
      lead="When you need hands as well as software, our specialists run parts of the process with you."
    >
      <div className="card-grid">
        {services.map((service) => (
          <Card key={service.title} title={service.title}>
            <p>{service.summary}</p>
          </Card>
        ))}
      </div>
    </ContentPage>
  );
}
