import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <main className="page page--centred" id="main">
      <h1>Page Not Found</h1>
      <p>Sorry, the page you are looking for does not exist or not available at this moment.</p>
      <Link to="/" className="button button--primary">
        Go to Home
      </Link>
    </main>
  );
}
