/** Letters and digits nobody confuses when reading a code aloud or typing it: no 0/O, 1/I/L. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * A random code such as `K7QM-4XTD`: eight characters of 31 (about 40 bits, too many to guess at
 * the redemption's rate limit), in two groups of four so it reads like one.
 */
export function randomVoucherCode(): string {
  const picks = crypto.getRandomValues(new Uint32Array(8));
  const characters = Array.from(picks, (pick) => ALPHABET[pick % ALPHABET.length]);
  return `${characters.slice(0, 4).join('')}-${characters.slice(4).join('')}`;
}
