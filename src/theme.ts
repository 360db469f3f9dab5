import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

// Wide enough for every group label on one line in all three languages; a longer one wraps.
const sidebar = { width: 280, closedWidth: 56 };

// The rich-text editor's level select (ra-input-rich-text) puts a ListItem, an `li`, straight in a
// `nav`: a list item without a list. The console uses ListItem nowhere else, so it is a `div`.
// react-admin's 'Access denied' draws its words at half opacity, 2.5:1 on the page (WCAG AA asks
// 4.5:1): at full opacity they keep the theme's text colours; the lock, which says nothing, stays faint.
const withListItemsAsDivs = (theme: RaThemeOptions): RaThemeOptions => ({
  ...theme,
  components: {
    ...theme.components,
    MuiListItem: { ...theme.components?.MuiListItem, defaultProps: { component: 'div' } as object },
    RaAccessDenied: { styleOverrides: { root: { '& .RaAccessDenied-message': { opacity: 1 }, '& .RaAccessDenied-icon': { opacity: 0.5 } } } },
  },
});

/**
 * The console's two themes (react-admin's, with our colours). Each primary keeps WCAG AA contrast
 * (4.5:1) as text on the page, on paper and on the form toolbar's grey: `#0a58ca` is 4.9:1 on
 * `#e0e0e0`, and `#8ab4f8` 4.8:1 on the dark grey `#424242` (the brighter GitHub blue gave 3.5:1).
 * MUI's orange warning gave 3.1:1 as text on white (a user's deactivate button): `#a84d00`, 5.6:1.
 * MUI's red gave 4.4:1 as text on a hovered table row (a series' "remove" button): `#b71c1c`, 5.8:1
 * there, 5.0:1 on the toolbar's grey, and white on it 6.6:1; in the dark theme 2.8:1 (`#f44336` on the
 * hovered row's `#414141`): `#ef9a9a`, 4.7:1 there and on `#424242`.
 * A toast is a filled alert: white on MUI's info blue gave 3.9:1 (a chapter moved): `#0277bd`, 4.8:1.
 * In the dark theme it is drawn on the colour's `dark` shade in near-black (black at 87 %): on the
 * shade MUI derives from `#ef9a9a` that is 4.5:1 (a refused sign-in), on `#e57373` 6.2:1; on MUI's
 * success green 4.6:1 (a sign-in), on `#43a047` 5.7:1.
 */
export const lightTheme: RaThemeOptions = withListItemsAsDivs({
  ...defaultLightTheme,
  palette: { ...defaultLightTheme.palette, primary: { main: '#0a58ca' }, secondary: { main: '#24292f' }, warning: { main: '#a84d00' }, error: { main: '#b71c1c' }, info: { main: '#0277bd' } },
  sidebar,
});

export const darkTheme: RaThemeOptions = withListItemsAsDivs({
  ...defaultDarkTheme,
  palette: { ...defaultDarkTheme.palette, primary: { main: '#8ab4f8' }, secondary: { main: '#c9d1d9' }, error: { main: '#ef9a9a', dark: '#e57373' }, success: { main: '#66bb6a', dark: '#43a047' } },
  sidebar,
});
