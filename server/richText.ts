import sanitizeHtml from 'sanitize-html';
import { richTextRules } from '../schema/richText';

/** Rich text as it may be stored: no script, event handler, `javascript:` or `data:` address survives. */
export const sanitizeRichText = (html: string): string => sanitizeHtml(html, richTextRules);
