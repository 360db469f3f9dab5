import AccountCircle from '@mui/icons-material/AccountCircle';
import LockReset from '@mui/icons-material/LockReset';
import Logout from '@mui/icons-material/Logout';
import { Box, Button, ListItemIcon, ListItemText, Menu, MenuItem, Typography } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AppBar, LocalesMenuButton, type AppBarProps, ToggleThemeButton, useGetIdentity, useLogout, useNotify, useTranslate } from 'react-admin';
import { DelayedLoadingIndicator } from './DelayedLoadingIndicator';

function ConsoleUserMenu() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const logout = useLogout();
  const notify = useNotify();
  const { identity } = useGetIdentity();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = identity?.fullName || translate('app.user.manager');

  const signOut = async () => {
    setAnchor(null);
    await logout();
    notify('app.auth.logout_successful', { type: 'success' });
  };

  return (
    <>
      {/* On a phone the name gives way to the icon (still the button's name and tooltip); a long one ends in an ellipsis. */}
      <Button
        color="inherit"
        startIcon={<AccountCircle />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-label={name}
        title={name}
        sx={{ minWidth: 0, flexShrink: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'block' }, maxWidth: '14em', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {name}
        </Box>
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            navigate('/password/update');
          }}
        >
          <ListItemIcon>
            <LockReset fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('app.user.edit_password')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={signOut}>
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('app.user.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}

/**
 * The header: the console's title, the language menu, the light/dark switch (kept in the Store), the
 * loading indicator and the user menu. It passes on what the layout gives it (`alwaysOn`): the
 * header stays in place as the page scrolls, as the sidebar's offset expects.
 */
export function ConsoleAppBar(props: AppBarProps) {
  const translate = useTranslate();
  return (
    <AppBar {...props} color="primary" userMenu={<ConsoleUserMenu />} toolbar={<DelayedLoadingIndicator />}>
      {/* One line: on a phone the title ends in an ellipsis rather than pushing the header to four lines. */}
      <Typography variant="h6" component="h1" noWrap title={translate('app.title')} sx={{ flex: 1, minWidth: 0, mr: 1, fontSize: '1.1rem' }}>
        {translate('app.title')}
      </Typography>
      {/* On a phone the language's name gives way to the icon, where it wrapped a character to a line; it stays the button's name. */}
      <Box
        title={translate('app.language')}
        sx={(theme) => ({
          flexShrink: 0,
          '& .MuiButton-root': { minWidth: 0, whiteSpace: 'nowrap' },
          [theme.breakpoints.down('sm')]: { '& .MuiButton-root': { fontSize: 0 }, '& .MuiButton-startIcon': { mr: 0 } },
        })}
      >
        <LocalesMenuButton />
      </Box>
      <ToggleThemeButton />
    </AppBar>
  );
}
