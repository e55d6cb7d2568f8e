import './fax-details.css';

/** A card of a fax's particulars, term and value per row, as both kinds of fax pages show them. */
export default function FactList({ heading, rows }: { heading: string; rows: Array<[string, string]> }) {
  return (
    <section className="card fax-facts-card" aria-labelledby="fax-facts-heading">
      <h2 id="fax-facts-heading">{heading}</h2>
      <dl className="fax-facts">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
