/** Longer input only costs hashing time; nobody types more than this. */
export const MAX_PASSWORD_LENGTH = 1_000;
