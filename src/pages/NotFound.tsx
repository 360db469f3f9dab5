import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';

export function NotFound() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 10 }} data-testid="not-found">
      <SearchOffIcon sx={{ fontSize: 56 }} color="disabled" />
      <Typography variant="h5" component="h2" sx={{ mt: 2 }}>
        {translate('app.page.not_found')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {translate('app.page.not_found_text')}
      </Typography>
      <Button variant="contained" component={Link} to="/">
        {translate('app.page.back_home')}
      </Button>
    </Box>
  );
}
