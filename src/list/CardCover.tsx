import { Box } from '@mui/material';
import type { ComponentType } from 'react';
import type { RaRecord } from 'react-admin';
import { fileUrl } from '../upload/uploadFile';

/**
 * A card's picture from the record's `cover` (a course's, a series'), or a quiet placeholder of the
 * same size showing the resource's icon, so the cards line up.
 */
export const cardCover = (Placeholder: ComponentType<{ sx?: object }>) =>
  function CardCover(record: RaRecord) {
    const cover = typeof record.cover === 'string' && record.cover ? record.cover : undefined;
    return (
      <Box sx={{ aspectRatio: '16 / 9', bgcolor: 'action.hover', display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' }}>
        {cover ? (
          <Box component="img" src={fileUrl(cover)} alt="" loading="lazy" sx={{ width: 1, height: 1, objectFit: 'cover' }} />
        ) : (
          <Placeholder sx={{ fontSize: 48, color: 'text.disabled' }} />
        )}
      </Box>
    );
  };
