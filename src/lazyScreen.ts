import { createElement, lazy, type ComponentType } from 'react';

type Screen = ComponentType<any>;

/** A screen react-admin routes to, fetched the first time it is shown; `preload` fetches it earlier. */
export type LazyScreen = Screen & { preload(): Promise<unknown> };

/**
 * A resource's screen in a chunk of its own (react-admin's <Resource list={...}> takes it like any
 * component; the layout's Suspense shows the loading indicator meanwhile): the console's first visit
 * carries the shell and the catalogue, not every screen, editor and chart of the product. A failed
 * fetch (a deployment replaced, the network gone) is tried again on the next visit to the screen.
 * A screen already fetched (preloaded by the address a visit starts at, or by the menu) is drawn at
 * once: React.lazy would suspend once more even then, and React holds a fallback it has shown for
 * a while before it reveals what replaces it.
 */
export function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => Screen): LazyScreen {
  let loading: Promise<M> | undefined;
  let loaded: Screen | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = pick(module);
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: pick(await preload()) }));
  // Until the code is here, React.lazy; from then on the screen itself (the lazy one never drew: it resolves after `loaded` is set).
  const LazyScreenComponent = (props: Record<string, unknown>) => createElement(loaded ?? Lazy, props);
  return Object.assign(LazyScreenComponent, { preload });
}

/** Fetches every screen of `screens` at once (the ones of the address a visit starts at), errors left to the screen. */
export function preloadScreens(screens: readonly unknown[]) {
  for (const screen of screens) {
    const preload = (screen as Partial<LazyScreen> | undefined)?.preload;
    if (typeof preload === 'function') preload().catch(() => undefined);
  }
}
