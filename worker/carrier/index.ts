import { readConfig } from '../env';
import { createLocalNumberInventory } from './local-numbers';
import { createLoopbackCarrier } from './loopback';
import type { NumberInventory } from './number-inventory';
import { createTelnyxCarrier } from './telnyx';
import { createTelnyxNumberInventory } from './telnyx-numbers';
import type { Carrier, CarrierName } from './types';

/** The carrier faxes are sent through (CARRIER). */
export function outboundCarrier(env: Env): Carrier {
  return readConfig(env).CARRIER === 'telnyx' ? createTelnyxCarrier(env) : createLoopbackCarrier(env);
}

/**
 * The carrier of a test key's faxes (decision 048): the loopback network's lines, whatever CARRIER
 * says, so a sandbox fax never dials and never reaches a real carrier.
 */
export function sandboxCarrier(env: Env): Carrier {
  return createLoopbackCarrier(env, 'sandbox');
}

/** Where fax numbers come from: Telnyx's inventory with CARRIER=telnyx, else the local pool. */
export function numberInventory(env: Env): NumberInventory {
  return readConfig(env).CARRIER === 'telnyx' ? createTelnyxNumberInventory(env) : createLocalNumberInventory(env);
}

/**
 * The carrier whose webhooks a route accepts, or null when that route is off: Telnyx's whenever
 * its public key is configured; the loopback network's only where it can exist (CARRIER=loopback
 * or dev tools on) and has a key, so production never trusts a local key.
 */
export function webhookCarrier(env: Env, name: CarrierName): Carrier | null {
  const config = readConfig(env);
  if (name === 'telnyx') return config.TELNYX_PUBLIC_KEY ? createTelnyxCarrier(env) : null;
  const allowed = (config.CARRIER === 'loopback' || config.DEV_TOOLS) && config.APP_ENV !== 'production';
  return allowed && config.LOOPBACK_SIGNING_KEY ? createLoopbackCarrier(env) : null;
}
