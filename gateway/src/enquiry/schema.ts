// The server's check of an enquiry: zod schemas built from the contact form's rules
// (@site/content-model), so the limits and messages are the ones the form shows. A test holds this
// and the browser's check to the same answers over a corpus of inputs.
import {
  ENQUIRY_FIELDS,
  ENQUIRY_RULES,
  normalizeField,
  phoneE164,
  type EnquiryField,
  type EnquiryFieldError,
} from '@site/content-model';
import { z } from 'zod';

function fieldSchema(field: EnquiryField) {
  const rule = ENQUIRY_RULES[field];
  const { messages } = rule;
  let value = z.string();
  if (rule.required) value = value.min(1, messages.required ?? messages.tooLong);
  if (rule.min > 1) value = value.min(rule.min, messages.tooShort ?? messages.tooLong);
  value = value.max(rule.max, messages.tooLong);
  if (rule.pattern) value = value.regex(rule.pattern, messages.invalid ?? messages.tooLong);
  const valid = rule.valid;
  if (valid) value = value.refine((v) => valid(v), messages.invalid ?? messages.tooLong);
  // Preprocessing (rather than a transform of z.unknown()) also runs for a key the input lacks.
  if (rule.required) return z.preprocess((raw) => normalizeField(field, raw), value);
  // An optional field left empty is absent, not an empty string.
  return z.preprocess((raw) => normalizeField(field, raw) || null, value.nullable());
}

/** The practice-area field alone: the resolver checks its value against the site's list too. */
export const practiceAreaField = fieldSchema('practiceArea');

export const enquirySchema = z
  .object({
    name: fieldSchema('name'),
    email: fieldSchema('email'),
    phone: fieldSchema('phone'),
    subject: fieldSchema('subject'),
    message: fieldSchema('message'),
    practiceArea: practiceAreaField,
  })
  .transform((v) => ({
    name: v.name as string,
    email: v.email as string,
    /** The number as the visitor wrote it (spaces collapsed): staff see what they know it as. */
    phone: v.phone as string,
    /**
     * The same number in E.164 (+911204001985), to dial or match on. Null only for enquiries an
     * outbox kept from before it was stored.
     */
    phoneE164: phoneE164(v.phone as string),
    subject: v.subject ?? null,
    message: v.message as string,
    practiceArea: v.practiceArea ?? null,
  }));

/** A valid enquiry, normalised: what the outbox stores and WordPress receives. */
export type Enquiry = z.output<typeof enquirySchema>;

export type ParsedEnquiry = { ok: true; enquiry: Enquiry } | { ok: false; fieldErrors: EnquiryFieldError[] };

/** The enquiry, or one error per invalid field (the first rule it breaks), in form order. */
export function parseEnquiry(input: Partial<Record<EnquiryField, unknown>>): ParsedEnquiry {
  const result = enquirySchema.safeParse(input);
  if (result.success) return { ok: true, enquiry: result.data };
  const first = new Map<EnquiryField, string>();
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (ENQUIRY_FIELDS as readonly string[]).includes(field)) {
      if (!first.has(field as EnquiryField)) first.set(field as EnquiryField, issue.message);
    }
  }
  return {
    ok: false,
    fieldErrors: ENQUIRY_FIELDS.filter((f) => first.has(f)).map((f) => ({
      field: f,
      message: first.get(f) as string,
    })),
  };
}
