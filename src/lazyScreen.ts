import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Screen = ComponentType<any>;

/** A screen react-admin routes to, fetched the first time it is shown; `preload` fetches it earlier. */
export type LazyScreen = LazyExoticComponent<Screen> & { preload(): Promise<unknown> };

/**
 * A resource's screen in a chunk of its own (react-admin's <Resource list={...}> takes it like any
 * component; the layout's Suspense shows the loading indicator meanwhile): the console's first visit
 * carries the shell and the catalogue, not every screen, editor and chart of the product. A failed
 * fetch (a deployment replaced, the network gone) is tried again on the next visit to the screen.
 */
export function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => Screen): LazyScreen {
  let loading: Promise<M> | undefined;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return Object.assign(
    lazy(async () => ({ default: pick(await preload()) })),
    { preload },
  );
}

/** Fetches every screen of `screens` at once (the ones of the address a visit starts at), errors left to the screen. */
export function preloadScreens(screens: readonly unknown[]) {
  for (const screen of screens) {
    const preload = (screen as Partial<LazyScreen> | undefined)?.preload;
    if (typeof preload === 'function') preload().catch(() => undefined);
  }
}
