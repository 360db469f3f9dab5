/**
 * The console's screen choices kept in the browser, and the cookie in which the console says how it
 * draws its screen (src/firstScreen/screenCookie.ts), so that the server can draw a visit's first
 * screen as the console would (server/firstScreen.ts): the choices kept in the browser's storage,
 * which a document request does not carry, and what the browser alone knows (its window's width,
 * its time zone). No zod here: the console's first visit carries this module.
 */
export const SCREEN_COOKIE = 'screen';
/** The cookie the console keeps its session's token in (SPEC.md), which the server reads to draw as that session. */
export const TOKEN_COOKIE = 'token';

/** What the list choices kept in the browser (SPEC.md's `pageSize` and `tabType`) and the theme may be. */
export const PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const LIST_VIEWS = ['card', 'table'] as const;
export const THEMES = ['light', 'dark'] as const;

export interface ScreenChoices {
  locale: 'zh-CN' | 'en-US' | 'ja-JP';
  theme: (typeof THEMES)[number];
  pageSize: (typeof PAGE_SIZES)[number];
  listView: (typeof LIST_VIEWS)[number];
  sidebarOpen: boolean;
  /** The window's width in CSS pixels: which of the layouts (phone, tablet, desktop) it gets. */
  width: number;
  timeZone: string;
}
