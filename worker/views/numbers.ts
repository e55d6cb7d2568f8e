import type { FaxNumberView, NumberHoldView } from '../../src/common/numbers';
import { formatPhoneForDisplay } from '../../src/common/phone';
import type { FaxNumberRow } from '../db/schema';

export function toNumberView(row: FaxNumberRow): FaxNumberView {
  return {
    id: row.id,
    number: row.number,
    display: formatPhoneForDisplay(row.number),
    areaCode: row.areaCode,
    city: row.city,
    region: row.region,
  };
}

export function toHoldView(row: FaxNumberRow): NumberHoldView {
  return { ...toNumberView(row), expiresAt: row.holdExpiresAt ?? 0 };
}
