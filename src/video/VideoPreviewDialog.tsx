import CloseIcon from '@mui/icons-material/Close';
import { Dialog, DialogContent, DialogTitle, IconButton } from '@mui/material';
import { useTranslate } from 'react-admin';
import { VideoPlayer, type VideoFormat } from './VideoPlayer';

export interface VideoPreviewDialogProps {
  open: boolean;
  /** The version's file name. */
  title: string;
  src: string;
  format: VideoFormat;
  onClose(): void;
}

/** SPEC.md: a version's preview is a modal 700 wide with a player 600 high. */
export function VideoPreviewDialog({ open, title, src, format, onClose }: VideoPreviewDialogProps) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} maxWidth={false} aria-labelledby="video-preview-title" slotProps={{ paper: { sx: { width: 700 } } }}>
      <DialogTitle id="video-preview-title" sx={{ pr: 6, wordBreak: 'break-all' }}>
        {title}
      </DialogTitle>
      <IconButton aria-label={translate('ra.action.close')} onClick={onClose} sx={{ position: 'absolute', top: 12, right: 12 }}>
        <CloseIcon />
      </IconButton>
      {/* The player unmounts with the closed dialog, which stops it and lets its stream go. */}
      <DialogContent sx={{ p: 0 }}>{open && <VideoPlayer src={src} format={format} height={600} autoPlay />}</DialogContent>
    </Dialog>
  );
}
