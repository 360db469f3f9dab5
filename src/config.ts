declare const __API_BASE__: string;
declare const __UC_BASE__: string;
declare const __PUBLIC_URL__: string;

/**
 * Where the calls go. Empty means the origin the console was served from; a deployment sets
 * VITE_API_BASE / VITE_UC_BASE at build time to point at other servers (SPEC.md's "uc" calls
 * go to the user centre).
 */
export const apiBase: string = typeof __API_BASE__ === 'string' ? __API_BASE__ : '';
export const userCentreBase: string = typeof __UC_BASE__ === 'string' ? __UC_BASE__ : apiBase;

/** The full address of a path of the contract: /uc/... to the user centre, the rest to the main API. */
export const addressOf = (path: string) => `${path.startsWith('/uc/') ? userCentreBase : apiBase}${path}`;

/**
 * Where users reach the product, for links handed to them (a tenant's registration link): the
 * console's own origin, unless VITE_PUBLIC_URL set it at build time (the server's PUBLIC_URL).
 */
export const publicUrl = (): string => ((typeof __PUBLIC_URL__ === 'string' && __PUBLIC_URL__) || window.location.origin).replace(/\/+$/, '');
