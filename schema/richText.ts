import type { IOptions } from 'sanitize-html';

const headings = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const aligned = ['p', ...headings];

/**
 * What rich text (course, series and teacher `introduction`) may hold: what the console's editor
 * makes, and nothing that runs. The server applies these rules before storing, the console before
 * showing, with the same sanitize-html, so a preview looks exactly as the stored text will.
 */
export const richTextRules: IOptions = {
  allowedTags: [...aligned, 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'ul', 'ol', 'li', 'a', 'img', 'blockquote', 'code', 'pre', 'hr'],
  allowedAttributes: {
    ...Object.fromEntries(aligned.map((tag) => [tag, ['style']])),
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
  },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  // Pictures from the web or the files the console uploaded (a relative address): no data: URLs.
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // As the editor makes them: every link opens a new tab that cannot reach back into the console.
  transformTags: { a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } }) },
  // Dropped with their content; any other unknown tag goes but keeps its text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'title'],
};
