import { parseTemplate, type TemplatePart } from '../../../../shared/template-variables';

/** A run of prompt text: plain, or a `{{variable}}` to be filled in when the prompt is used. */
export type TextPart = TemplatePart;

/**
 * Splits text into plain runs and variables with the one template parser the server uses too: `\{{`
 * is a literal `{{`, and braces that never close, or hold no valid name, stay plain text.
 */
export const splitVariables = (text: string): TextPart[] => parseTemplate(text);
