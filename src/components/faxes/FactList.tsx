/** A card of a fax's particulars, term and value per row, as both kinds of fax details show them. */
export default function FactList({ rows }: { rows: Array<[string, string]> }) {
  return (
    <section className="card">
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
