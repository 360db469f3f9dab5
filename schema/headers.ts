/** The header that carries the caller's privileges as a JSON array of codes. */
export const PRIVILEGES_HEADER = 'x-privileges';
/** The header that carries a renewed session token. */
export const RENEWED_TOKEN_HEADER = 'x-auth-token';
/**
 * A caller that cannot hand a renewed token on (the server's own drawer of a first screen, asking
 * as the browser's session) sends this as `off`: the session is not renewed by that call, and the
 * browser's token keeps working; the browser's own next call renews it.
 */
export const SESSION_RENEWAL_HEADER = 'x-session-renewal';
/** The header that carries the link a QR code holds, for a device that cannot scan. */
export const QR_LINK_HEADER = 'x-qr-link';
