// Where fax numbers come from (docs/decisions/016), behind one small interface like the carriers': the
// local pool seeded into D1 (`local`, the default) or a carrier's inventory (`telnyx`). Whatever
// the source, a number can only be held once it is a row of `fax_numbers`, so a hold stays one
// conditional UPDATE (decision 012) and never waits on the carrier.

type NumberInventoryName = 'local' | 'telnyx';

export interface NumberInventorySearch {
  /** Three-digit US area code. */
  areaCode?: string;
  city?: string;
  limit: number;
}

/** A number on offer, already stored in `fax_numbers` (as AVAILABLE when it is new). */
export interface NumberCandidate {
  /** E.164. */
  number: string;
  areaCode: string;
  city: string;
  region: string;
}

interface OrderedNumber {
  /** The inventory's id for the purchase (Telnyx: the number order's id; its status may still be pending). */
  carrierOrderId: string;
}

export interface NumberInventory {
  readonly name: NumberInventoryName;
  /** Numbers one could hold now. Throws when the inventory cannot be reached (callers fall back to D1). */
  searchNumbers(search: NumberInventorySearch): Promise<NumberCandidate[]>;
  /**
   * Makes the number ours for good; called when a held number is assigned to a paying user (the
   * assignment itself is the caller's D1 change). Throws NumberOrderRefused when it is no longer
   * to be had.
   */
  orderNumber(number: string): Promise<OrderedNumber>;
  /** Gives the number back: it leaves its owner and is offered again only if the inventory offers it. */
  releaseNumber(number: string): Promise<void>;
}

/** The inventory will not sell this number (gone to someone else, or not one of its numbers). */
export class NumberOrderRefused extends Error {
  constructor(
    readonly number: string,
    message?: string,
  ) {
    super(message ?? `The number ${number} cannot be ordered`);
    this.name = 'NumberOrderRefused';
  }
}
