/** A read that failed: what could not be loaded or made, the server's reason (else the connection), and a retry. */
export function LoadFailed({
  what,
  error,
  onRetry,
  className,
}: {
  /** The whole first sentence: 'The key versions could not be loaded.' */
  what: string;
  error: Error;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div className={className} role="alert">
      <p className="admin-alert--error">
        {what} {error.message || 'Check the connection and try again.'}
      </p>
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
