import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Layout, Sidebar, useTranslate, type SidebarProps } from 'react-admin';
import { ConsoleAppBar } from './ConsoleAppBar';
import { ConsoleMenu } from './ConsoleMenu';
import type { MenuGroup } from './menu';
import { useHandOverOnLeaving } from '../firstScreen/handOver';

function Footer() {
  const translate = useTranslate();
  return (
    <Box component="footer" sx={{ py: 2, textAlign: 'center' }}>
      <Typography variant="body2" color="text.secondary">
        {translate('app.footer')}
      </Typography>
    </Box>
  );
}

/** The side menu; on a phone a drawer over the page, which a screen reader announces by this name. */
function ConsoleSidebar(props: SidebarProps) {
  const translate = useTranslate();
  return <Sidebar {...props} slotProps={{ paper: { 'aria-label': translate('app.menu.navigation') } }} />;
}

/** The shell around every screen but the sign-in: header, side menu (`preload` fetches a screen ahead of a click), content, footer. */
export function createLayout(groups: readonly MenuGroup[], preload?: (path: string) => void) {
  const GroupedMenu = () => <ConsoleMenu groups={groups} preload={preload} />;
  return function ConsoleLayout({ children }: { children: ReactNode }) {
    useHandOverOnLeaving();
    return (
      // react-admin lets the page grow as wide as its widest content; here each screen fits the window.
      <Layout appBar={ConsoleAppBar} sidebar={ConsoleSidebar} menu={GroupedMenu} appBarAlwaysOn sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
          <Box sx={{ flex: 1 }}>{children}</Box>
          <Footer />
        </Box>
      </Layout>
    );
  };
}
