import { useDeferredValue, useEffect } from 'react';

/** Whether the console has drawn its first screen: from then on every screen draws whole. */
let consoleDrawn = false;

/**
 * False in the console's first draw, true in the render React makes right after it as a
 * transition (React 19's `useDeferredValue` with an initial value); true at once in anything drawn
 * later. What is drawn only when this is true does not hold back the first screen of a visit: a
 * cold visit to /course draws the first four cards with the header, the filters and the side
 * menu's frame, and the menu's entries, the header's language and theme buttons, the pager and the
 * other cards follow at once, below or beside what is already there, so nothing drawn moves.
 *
 * Measured on a 2-core machine, cold visits to /course interleaved with the build before (medians
 * of 8-12): the cards showed 125-280 ms sooner (2,011 against 2,292 ms). The first move to another
 * list after such a visit took 33-54 ms longer (177 against 144 ms), the cards' code less warmed by
 * one whole draw; the moves after it took what they took before.
 */
export function useAfterFirstDraw(): boolean {
  // No initial value once drawn: React would still make a render more for one, equal or not.
  const drawn = useDeferredValue(true, consoleDrawn ? undefined : false);
  useEffect(() => {
    consoleDrawn = true;
  }, []);
  return drawn;
}
