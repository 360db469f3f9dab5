import { ThemeProvider, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { AccessDenied } from 'react-admin';
import { useLocation } from 'react-router-dom';
import type { ConsoleResource } from './resource';
import { mayDo, type ResourceAction } from './privileges';

/** The react-admin action an address of a resource opens: /name, /name/create, /name/edit/3 or /name/3; deeper screens need reading it. */
export function actionAt(pathname: string): ResourceAction {
  const [, , second, third] = pathname.split('/');
  if (second === undefined || second === '') return 'list';
  if (second === 'create') return 'create';
  if (second === 'edit' || third === undefined || third === '') return 'edit';
  return third === 'show' ? 'show' : 'list';
}

/**
 * Draws the screen at the current address only for a session holding the privilege it needs,
 * decided from the privileges stored at sign-in before the screen mounts: a forbidden deep link
 * shows 'Access denied' at once and makes no call that would answer 403 (react-admin's own check
 * waits for canAccess while the screen's other queries start). Addresses of no resource pass.
 */
export function AccessGuard({ resources, children }: { resources: ReadonlyMap<string, ConsoleResource>; children: ReactNode }) {
  const { pathname } = useLocation();
  const resource = resources.get(pathname.split('/')[1]);
  if (!resource) return children;
  return mayDo(resource.privileges, actionAt(pathname)) ? children : <Refused />;
}

// react-admin's page titles its words as an h5, where the page's own headings start at h2.
const headingAsH2 = (theme: Theme): Theme => ({
  ...theme,
  components: { ...theme.components, MuiTypography: { defaultProps: { ...theme.components?.MuiTypography?.defaultProps, variantMapping: { h5: 'h2' } } } },
});

const Refused = () => (
  <ThemeProvider theme={headingAsH2}>
    <AccessDenied />
  </ThemeProvider>
);
