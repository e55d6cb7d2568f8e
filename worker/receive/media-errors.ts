// Why a received fax's media could not be kept: worth another try or not.

/** The carrier's answer is final (the link is gone or never was a fax): retrying cannot help. */
export class UnusableMedia extends Error {}

/** The link did not answer in time or answered 5xx: worth another try when the carrier redelivers. */
export class MediaNotReady extends Error {}
