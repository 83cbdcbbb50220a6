import { Link } from '@tanstack/react-router';
import { claims, offerPoints, products, services } from './offerings';

/** The home page's pitch to recruiters: the offer, the products and services, and the promises we make. */
export function MarketingSection() {
  return (
    <div className="marketing">
      <section className="marketing__intro" aria-labelledby="offer-heading">
        <div className="page">
          <p className="page-hero__eyebrow">For recruiters and hiring teams</p>
          <h2 id="offer-heading" className="marketing__title">
            Hire faster and fairer with AI
          </h2>
          <p className="marketing__lead">
            HireGate helps recruiters, enterprises and agencies find, assess and choose the right people, with every
            recommendation explained.
          </p>
          <div className="feature-grid">
            {offerPoints.map((point) => (
              <div key={point.title} className="feature">
                <h3>{point.title}</h3>
                <p>{point.summary}</p>
              </div>
            ))}
          </div>
        </div>
      </section>
      <section className="marketing__band" aria-labelledby="claims-heading">
        <div className="page">
          <h2 id="claims-heading" className="visually-hidden">
            What teams gain
          </h2>
          <ul className="claims">
            {claims.map((claim) => (
              <li key={claim.label}>
                <strong>{claim.figure}</strong> {claim.label}
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section aria-labelledby="products-heading">
        <div className="page">
          <h2 id="products-heading" className="marketing__title">
            Products
          </h2>
          <ul className="tile-list">
            {products.map((product) => (
              <li key={product.title} className="tile">
                <h3>{product.title}</h3>
                <p>{product.summary}</p>
              </li>
            ))}
          </ul>
          <Link to="/products" className="button">
            Explore products
          </Link>
        </div>
      </section>
      <section aria-labelledby="services-heading" className="marketing__alt">
        <div className="page">
          <h2 id="services-heading" className="marketing__title">
            Services
          </h2>
          <ul className="tile-list">
            {services.map((service) => (
              <li key={service.title} className="tile">
                <h3>{service.title}</h3>
                <p>{service.summary}</p>
              </li>
            ))}
          </ul>
          <div className="button-row">
            <Link to="/services" className="button">
              Explore services
            </Link>
            <Link to="/contact" className="button button--primary">
              Contact us
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
