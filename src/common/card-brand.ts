// A card brand as processors name it (visa, amex), in the words printed on the card. Apart from
// billing-rules.ts, which every page carries, as only the billing pages and the Worker name cards.
const BRAND_NAMES: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

export function cardBrandName(brand: string): string {
  return BRAND_NAMES[brand] ?? brand;
}
