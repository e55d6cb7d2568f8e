import { readConfig } from '../env';
import { createLocalProcessor } from './local';
import type { PaymentProcessor } from './types';

/**
 * The processor payments go through (PAYMENT_PROCESSOR). Only `local` exists; readConfig refuses
 * `stripe` until its adapter is written (docs/decisions/017).
 */
export function paymentProcessor(env: Env): PaymentProcessor {
  const name = readConfig(env).PAYMENT_PROCESSOR;
  switch (name) {
    case 'local':
      return createLocalProcessor();
  }
}
