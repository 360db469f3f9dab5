import sanitizeHtml from 'sanitize-html';

/** What the editor writes survives; scripts, event handlers, frames and `javascript:` links do not. */
const rules: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h1', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'img', 'blockquote', 'code', 'pre', 'hr', 'span'],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'title', 'width', 'height'], '*': ['style'] },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
};

/** Rich text as it may be stored and shown: sanitised once, on the way in. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, rules);
}
