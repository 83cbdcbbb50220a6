export function HomePage() {
  return (
    <main className="page" id="main">
      <h1>Hire faster and fairer with AI</h1>
      <p>
        AI-powered interviews, unbiased evaluation and data-driven insights that plug into your applicant tracking
        system.
      </p>
    </main>
  );
}
