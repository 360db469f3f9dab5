import { z } from 'zod';
import { locales, type ConsoleLocale } from '../i18n/locales';
import { LIST_VIEWS, PAGE_SIZES, THEMES, type ScreenChoices } from './screenChoices';
import { isTimeZone } from './timeZone';

export { SCREEN_COOKIE } from './screenChoices';

/** The screen cookie as the server reads it: anything else, and the document goes without a first screen. */
export const screenChoices = z.object({
  locale: z.enum(locales.map(({ locale }) => locale) as [ConsoleLocale, ...ConsoleLocale[]]),
  theme: z.enum(THEMES),
  pageSize: z.union(PAGE_SIZES.map((size) => z.literal(size))),
  listView: z.enum(LIST_VIEWS),
  sidebarOpen: z.boolean(),
  /** The window's width in CSS pixels: which of the layouts (phone, tablet, desktop) it gets. */
  width: z.int().min(200).max(10_000),
  timeZone: z.string().max(64).refine(isTimeZone),
}) satisfies z.ZodType<ScreenChoices>;

/** What the server asks its drawing thread: the address, the session's token, the screen's choices. */
export interface FirstScreenJob {
  id: number;
  pathname: string;
  token: string;
  choices: ScreenChoices;
  /** When the document stops waiting (epoch ms): a job still queued then is not drawn, so a burst leaves no backlog behind it. */
  until: number;
}

/** A drawn screen: its markup, the page's language, title and background, and the page of records in it with the query key the console reads it under. */
export interface FirstScreen {
  html: string;
  /** Emotion's styles of the drawing: its ids (the class names' hashes) and their rules. */
  styles: { ids: string[]; css: string };
  lang: string;
  title: string;
  background: string;
  page: { queryKey: unknown[]; data: unknown };
}

/**
 * The drawn screen, or nothing when there is nothing to draw (not a list's first page, a session
 * gone or without the list's privilege, a screen that would show a spinner).
 */
export interface FirstScreenAnswer {
  id: number;
  drawn?: FirstScreen;
  /** Why it drew nothing, for the server's log. */
  reason?: string;
  /** How long the drawing took and in how many passes, for the server's log. */
  took?: { ms: number; passes: number };
}
