import { useLayoutEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * The first screen the server drew into the page (server/firstScreen.ts) covers the console's root
 * while the console loads, runs and draws the same screen beneath it; each of these hands the page
 * over to the console, in the same frame as the console's own screen appears.
 */
export function handOver() {
  const drawn = document.getElementById('first-screen');
  if (!drawn) return;
  // What was typed into the drawn screen's fields (the search box) goes into the console's own.
  const typed = [...drawn.querySelectorAll<HTMLInputElement>('input[name]')].filter((input) => input.value !== input.defaultValue);
  drawn.remove();
  for (const { name, value } of typed) {
    const field = document.querySelector<HTMLInputElement>(`#root input[name="${CSS.escape(name)}"]`);
    // React keeps its own record of a field's value: set it as the browser would, then say so.
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    if (!field || !setValue) continue;
    setValue.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  // The last click on the drawn screen (public/first-screen.js), on what is now at that point.
  const click = (window as { firstScreenClick?: { x: number; y: number } }).firstScreenClick;
  if (click) (document.elementFromPoint(click.x, click.y) as HTMLElement | null)?.click();
}

/** The list the server drew has drawn its records (or its error) itself. */
export function useHandOverOnceDrawn(isPending: boolean) {
  useLayoutEffect(() => {
    if (!isPending) handOver();
  }, [isPending]);
}

/** The console went elsewhere than the address the server drew (a redirect, a click on the console's own screen). */
export function useHandOverOnLeaving() {
  const { pathname } = useLocation();
  const [first] = useState(pathname);
  useLayoutEffect(() => {
    if (pathname !== first) handOver();
  }, [pathname, first]);
}

/** Shown without the drawn screen at all (the sign-in page: the session the server drew for is gone). */
export function useHandOverOnShow() {
  useLayoutEffect(handOver, []);
}

/**
 * However the console's first draw goes, the server's screen is gone by then: a screen that does not
 * answer clicks must not outstay a console that failed in some way none of the above foresaw.
 */
export const HAND_OVER_AT_THE_LATEST_MS = 15_000;
