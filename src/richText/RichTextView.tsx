import { Box } from '@mui/material';
import { useMemo } from 'react';
import sanitizeHtml from 'sanitize-html';
import { richTextRules } from '../../schema/richText';

/** The server's own rules (schema/richText.ts), applied again: the console never renders unsanitised HTML. */
export const sanitizeRichText = (html: string) => sanitizeHtml(html, richTextRules);

/** Rich text as the platform shows it. Loaded lazily with the sanitiser (see RichTextField, the editor's preview). */
export default function RichTextView({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  return (
    <Box
      className="rich-text"
      sx={{ wordBreak: 'break-word', '& img': { maxWidth: '100%', height: 'auto' }, '& p': { my: 1 }, '& blockquote': { borderLeft: 4, borderColor: 'divider', m: 0, pl: 2 } }}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
