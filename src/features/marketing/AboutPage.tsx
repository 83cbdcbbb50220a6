export function AboutPage() {
  return (
    <main className="page" id="main">
      <h1>About Us</h1>
      <p>
        HireGate builds AI hiring tools for recruiters, enterprises and agencies, and free tools for candidates such as
        the GATE score and rank checker.
      </p>
    </main>
  );
}
