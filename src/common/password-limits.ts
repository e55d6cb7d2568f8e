// The lengths a password may have, apart from the rules that judge it (./password-rules.ts), so a
// form can set its fields' limits without carrying those rules (decision 032).
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
