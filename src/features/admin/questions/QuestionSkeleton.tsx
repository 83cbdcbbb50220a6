/** Placeholder rows while a paper loads. */
export function QuestionSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div className="admin-skeleton" role="status" aria-label="Loading questions" data-testid="admin-skeleton">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="admin-skeleton__row" />
      ))}
    </div>
  );
}
