import ConstructionIcon from '@mui/icons-material/Construction';
import { Box, Typography } from '@mui/material';
import { useResourceContext, useTranslate } from 'react-admin';

export function ComingSoon() {
  const translate = useTranslate();
  const resource = useResourceContext();
  return (
    <Box sx={{ textAlign: 'center', py: 10 }} data-testid="coming-soon">
      <ConstructionIcon sx={{ fontSize: 56 }} color="disabled" />
      <Typography variant="h5" component="h2" sx={{ mt: 2 }}>
        {resource ? translate(`resources.${resource}.name`, { smart_count: 2 }) : ''} · {translate('app.page.coming')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {translate('app.page.coming_text')}
      </Typography>
    </Box>
  );
}
