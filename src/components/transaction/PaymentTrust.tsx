import transactionMessages from 'virtual:messages/transaction';
import { translator } from '../../i18n/translator';
import Icon from '../icons/Icon';

const t = translator({ transaction: transactionMessages });

const BRANDS = ['Visa', 'Mastercard', 'American Express', 'Discover'] as const;

/** Under the card form: the cards taken, and who processes the card (decision 040). */
export default function PaymentTrust({ processor }: { processor: 'local' | 'stripe' }) {
  return (
    <div className="payment-trust">
      <ul className="card-brands" aria-label={t('transaction.cardBrands')}>
        {BRANDS.map((brand) => (
          <li key={brand}>{brand}</li>
        ))}
      </ul>
      <p className="processed-by">
        <Icon name="lock" />
        <span>{t(processor === 'stripe' ? 'transaction.processedByStripe' : 'transaction.processedByLocal')}</span>
      </p>
    </div>
  );
}
