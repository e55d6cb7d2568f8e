// A long history for one user, written as the product would have written it (decision 023): the
// user's delivered faxes are cloned in their own store with their attempts, timeline, credit
// charges and carrier receipts, one a minute further back in time, and the store's counters are
// kept right (pages and counts read them, not the rows). D1 gets what it keeps of each fax: its
// owner, its carrier ids and its ledger row. Only on a stopped server's files.

/** A prepared INSERT of every column of `row` but `skip`. */
function insertOf(db, table, row, skip = []) {
  const columns = Object.keys(row).filter((c) => !skip.includes(c));
  const statement = db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
  return (values) => statement.run(...columns.map((c) => values[c]));
}

/** The row with each of its time columns moved by `shift` ms (nulls stay null). */
function shifted(row, columns, shift) {
  const moved = { ...row };
  for (const c of columns) if (moved[c] !== null) moved[c] += shift;
  return moved;
}

/** Everything the store holds of one fax, to clone. */
function faxInStore(db, fax) {
  const attempts = db.prepare('SELECT * FROM fax_attempts WHERE fax_id = ?').all(fax.id);
  return {
    fax,
    attempts,
    events: db.prepare('SELECT * FROM fax_events WHERE fax_id = ? ORDER BY at, rowid').all(fax.id),
    charges: db.prepare('SELECT * FROM credit_ledger WHERE fax_id = ?').all(fax.id),
    receipts: attempts
      .filter((a) => a.carrier_fax_id)
      .flatMap((a) => db.prepare("SELECT * FROM carrier_receipts WHERE event_id LIKE ? || ':%'").all(a.carrier_fax_id)),
  };
}

/**
 * Clones the store's delivered sent faxes until it holds `total` sent faxes. Answers each clone
 * (its template, new id, time shift and carrier ids) for cloneHistoryInD1.
 */
export function cloneHistoryInStore(db, total) {
  const templates = db
    .prepare("SELECT * FROM faxes WHERE direction = 'SEND' AND status = 'DELIVERED'")
    .all()
    .map((fax) => faxInStore(db, fax));
  if (templates.length === 0) throw new Error('no delivered fax to clone');
  const have = db.prepare("SELECT COUNT(*) AS n FROM faxes WHERE direction = 'SEND'").get().n;
  const first = templates[0];
  const insert = {
    fax: insertOf(db, 'faxes', first.fax),
    attempt: first.attempts[0] && insertOf(db, 'fax_attempts', first.attempts[0]),
    event: insertOf(db, 'fax_events', first.events[0]),
    charge: first.charges[0] && insertOf(db, 'credit_ledger', first.charges[0], ['id']),
    receipt: first.receipts[0] && insertOf(db, 'carrier_receipts', first.receipts[0]),
  };
  const oldest = Math.min(...templates.map((t) => t.fax.start));
  const clones = [];
  db.exec('BEGIN');
  for (let i = 0; i < total - have; i++) {
    const template = templates[i % templates.length];
    const id = crypto.randomUUID();
    const shift = oldest - (i + 1) * 60_000 - template.fax.start;
    const carrierIds = new Map(
      template.attempts.filter((a) => a.carrier_fax_id).map((a) => [a.carrier_fax_id, `loopback-${crypto.randomUUID()}`]),
    );
    insert.fax({ ...shifted(template.fax, ['start', 'updated', 'completed'], shift), id });
    for (const a of template.attempts) {
      insert.attempt({
        ...shifted(a, ['started_at', 'ended_at'], shift),
        fax_id: id,
        carrier_fax_id: carrierIds.get(a.carrier_fax_id) ?? null,
      });
    }
    for (const e of template.events) insert.event({ ...shifted(e, ['at'], shift), id: crypto.randomUUID(), fax_id: id });
    // The charge moves are cloned for their size; the balance is left as it is (nothing sums them).
    for (const c of template.charges) insert.charge({ ...shifted(c, ['at'], shift), fax_id: id });
    for (const r of template.receipts) {
      const [carrierFaxId, sequence] = r.event_id.split(':');
      insert.receipt({ ...shifted(r, ['received_at'], shift), event_id: `${carrierIds.get(carrierFaxId)}:${sequence}` });
    }
    clones.push({ templateId: template.fax.id, id, shift, carrierIds });
  }
  db.prepare("UPDATE fax_counters SET total = total + ?, lifetime = lifetime + ? WHERE direction = 'SEND'").run(
    clones.length,
    clones.length,
  );
  db.exec('COMMIT');
  return clones;
}

/** What D1 keeps of each clone, copied from its template: owner, carrier ids and ledger row (none since decision 042). */
export function cloneHistoryInD1(db, clones) {
  const templates = new Map();
  for (const { templateId } of clones) {
    if (templates.has(templateId)) continue;
    templates.set(templateId, {
      owner: db.prepare('SELECT * FROM fax_owners WHERE fax_id = ?').get(templateId),
      carrierIds: db.prepare('SELECT * FROM carrier_fax_ids WHERE fax_id = ?').all(templateId),
      ledger: db.prepare('SELECT * FROM fax_ledger WHERE fax_id = ?').get(templateId),
    });
  }
  const sample = templates.values().next().value;
  // Since decision 042 D1 keeps nothing of a fax: there is nothing to clone.
  if (!sample.owner && !sample.ledger) return;
  if (!sample.owner || !sample.ledger) throw new Error('the fax to clone has only part of its rows in D1');
  const insert = {
    owner: insertOf(db, 'fax_owners', sample.owner),
    carrierId: sample.carrierIds[0] && insertOf(db, 'carrier_fax_ids', sample.carrierIds[0]),
    ledger: insertOf(db, 'fax_ledger', sample.ledger),
  };
  db.exec('BEGIN');
  for (const { templateId, id, shift, carrierIds } of clones) {
    const template = templates.get(templateId);
    insert.owner({ ...template.owner, fax_id: id });
    for (const c of template.carrierIds) insert.carrierId({ ...c, fax_id: id, carrier_fax_id: carrierIds.get(c.carrier_fax_id) });
    insert.ledger({ ...shifted(template.ledger, ['created_at', 'completed_at'], shift), fax_id: id });
  }
  db.exec('COMMIT');
}
