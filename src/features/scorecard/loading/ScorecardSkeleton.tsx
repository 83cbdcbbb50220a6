/** Placeholder tiles, question rows and the waiting text until data exists. */
export function ScorecardSkeleton() {
  return (
    <main className="page scorecard" id="main" aria-busy="true">
      <p className="scorecard__loading" role="status">
        Loading scorecard data, please wait..
      </p>
      <div className="skeleton-grid skeleton-grid--six" aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} className="skeleton skeleton--tile" data-testid="skeleton-tile" />
        ))}
      </div>
      <div className="skeleton-grid skeleton-grid--four" aria-hidden="true">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="skeleton skeleton--tile" data-testid="skeleton-tile" />
        ))}
      </div>
      <div className="skeleton-rows" aria-hidden="true">
        {Array.from({ length: 5 }, (_, index) => (
          <div key={index} className="skeleton skeleton--row" data-testid="skeleton-row" />
        ))}
      </div>
    </main>
  );
}
