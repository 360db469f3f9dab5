import ImageIcon from '@mui/icons-material/Image';
import { Box, Link, Stack } from '@mui/material';
import type { RaRecord } from 'react-admin';
import { colourPattern } from '../../schema/carousel';
import { fileUrl } from '../../src/upload/uploadFile';

/** SPEC.md: a carousel's image is previewed at most 200 by 200. */
export const PREVIEW_MAX = 200;

/** A stored colour the browser can paint, or undefined (none, or not `#RGB`/`#RRGGBB`). */
export const paintable = (colour: unknown) => (typeof colour === 'string' && colourPattern.regex.test(colour) ? colour : undefined);

/**
 * A small square of the colour, outlined so white shows on white; no colour is a struck-through
 * empty square.
 */
export function ColourSwatch({ colour, size = 20 }: { colour?: string; size?: number }) {
  return (
    <Box
      component="span"
      aria-hidden
      data-testid="colour-swatch"
      data-colour={colour ?? 'none'}
      sx={{
        display: 'inline-block',
        flex: 'none',
        width: size,
        height: size,
        borderRadius: 0.5,
        border: 1,
        borderColor: 'divider',
        bgcolor: colour ?? 'transparent',
        // No colour: a diagonal line through the square, as drawing tools show "none".
        backgroundImage: colour ? undefined : 'linear-gradient(to top right, transparent calc(50% - 1px), #d32f2f, transparent calc(50% + 1px))',
      }}
    />
  );
}

/** The list's background colour column: the swatch and the code. */
export function ColourValue({ record }: { record: RaRecord }) {
  const colour = paintable(record.image_background_color);
  if (!colour) return <>—</>;
  return (
    <Stack component="span" direction="row" spacing={1} sx={{ alignItems: 'center', display: 'inline-flex' }}>
      <ColourSwatch colour={colour} />
      <span>{colour}</span>
    </Stack>
  );
}

/** The custom link, opened in a new tab (it leads away from the console). */
export function CustomLink({ record }: { record: RaRecord }) {
  const link = typeof record.customized_link === 'string' ? record.customized_link : '';
  if (!link) return <>—</>;
  return (
    <Link href={link} target="_blank" rel="noopener noreferrer" underline="hover">
      {link}
    </Link>
  );
}

/** The image at most 200 by 200, whole (contained), on the carousel's background colour as the app shows it. */
export function CarouselImage({ record }: { record: RaRecord }) {
  const key = typeof record.image_link === 'string' ? record.image_link : '';
  if (!key) return <>—</>;
  return (
    <Box sx={{ display: 'inline-flex', bgcolor: paintable(record.image_background_color), borderRadius: 1, overflow: 'hidden', verticalAlign: 'middle' }}>
      <Box
        component="img"
        src={fileUrl(key)}
        alt={String(record.title ?? '')}
        loading="lazy"
        sx={{ display: 'block', maxWidth: PREVIEW_MAX, maxHeight: PREVIEW_MAX, width: 'auto', height: 'auto', objectFit: 'contain' }}
      />
    </Box>
  );
}

/** The picture on top of a card: the image, centred on a strip of its background colour (grey when none). */
export function CarouselBanner({ record }: { record: RaRecord }) {
  const key = typeof record.image_link === 'string' ? record.image_link : '';
  return (
    <Box
      data-testid="carousel-banner"
      sx={{ height: PREVIEW_MAX, bgcolor: paintable(record.image_background_color) ?? 'action.hover', display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' }}
    >
      {key ? (
        <Box component="img" src={fileUrl(key)} alt={String(record.title ?? '')} loading="lazy" sx={{ display: 'block', maxWidth: 'min(100%, 200px)', maxHeight: PREVIEW_MAX, objectFit: 'contain' }} />
      ) : (
        <ImageIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
      )}
    </Box>
  );
}
