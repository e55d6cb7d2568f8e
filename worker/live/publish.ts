import type { LiveEvent } from '../../src/common/live-messages';
import { userHubStub } from '../user-store/stub';

interface PublishOptions {
  /** Leave out the pages of this session (the one that caused the event)… */
  exceptSessionId?: string;
  /** …or send them this event instead. */
  ownEvent?: LiveEvent;
}

/** Pushes an event to every open page of the user; answers how many sockets got it. */
export async function publishToUser(env: Env, userId: string, event: LiveEvent, options: PublishOptions = {}): Promise<number> {
  return userHubStub(env, userId).publish(event, options.exceptSessionId ?? null, options.ownEvent ?? null);
}

/**
 * Closes every live socket of the user: all their sessions have just ended. With `keep`, the
 * sockets of one ended session are handed to the new session that replaces it instead.
 */
export async function endAllLiveSessions(
  env: Env,
  userId: string,
  keep: { keepSessionId: string; newSessionId: string } | null = null,
): Promise<void> {
  await userHubStub(env, userId).endAllSessions(keep);
}

/** Closes the live sockets opened under a session that has just ended. */
export async function endLiveSession(env: Env, userId: string, sessionId: string): Promise<void> {
  await userHubStub(env, userId).endSession(sessionId);
}
