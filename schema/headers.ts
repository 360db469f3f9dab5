/** The header that carries the caller's privileges as a JSON array of codes. */
export const PRIVILEGES_HEADER = 'x-privileges';
/** The header that carries a renewed session token. */
export const RENEWED_TOKEN_HEADER = 'x-auth-token';
/** The header that carries the link a QR code holds, for a device that cannot scan. */
export const QR_LINK_HEADER = 'x-qr-link';
