// The plugin's field definitions (wordpress/plugin/lawfirm-companion/fields.json) and a validator for
// the subset of JSON Schema they use — the same subset WordPress' REST API enforces on writes — so the
// tests can hold content/ and the definitions to each other without PHP or WordPress.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PLUGIN_DIR = path.join(REPO_ROOT, 'wordpress', 'plugin', 'lawfirm-companion');

export type SchemaType = 'string' | 'integer' | 'number' | 'object' | 'array' | 'boolean';

export interface Schema {
  $ref?: string;
  type?: SchemaType | SchemaType[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean;
  items?: Schema;
  pattern?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  enum?: unknown[];
  default?: unknown;
}

export interface FieldDef {
  objectTypes: string[];
  metaKey: string;
  description: string;
  properties: Record<string, Schema>;
}

export interface FieldSpec {
  icons: string[];
  defaultIcon: string;
  limits: { text: number; longText: number; url: number; items: number };
  definitions: Record<string, Schema>;
  fields: Record<string, FieldDef>;
}

export function loadSpec(): FieldSpec {
  return JSON.parse(readFileSync(path.join(PLUGIN_DIR, 'fields.json'), 'utf8')) as FieldSpec;
}

/** Replaces `$ref`s by their definitions, as includes/fields.php does before handing schemas to WordPress. */
export function resolve(schema: Schema, defs: Record<string, Schema>): Schema {
  let node: Schema = schema;
  if (node.$ref !== undefined) {
    const target = defs[node.$ref];
    if (!target) throw new Error(`unknown $ref ${node.$ref}`);
    const { $ref: _ref, ...rest } = node;
    node = { ...resolve(target, defs), ...rest };
  }
  const out: Schema = { ...node };
  if (node.properties) {
    out.properties = Object.fromEntries(
      Object.entries(node.properties).map(([k, v]) => [k, resolve(v, defs)]),
    );
  }
  if (node.items) out.items = resolve(node.items, defs);
  return out;
}

export function fieldSchema(spec: FieldSpec, field: string): Schema {
  const def = spec.fields[field];
  if (!def) throw new Error(`unknown field ${field}`);
  return resolve(
    { type: 'object', additionalProperties: false, properties: def.properties },
    spec.definitions,
  );
}

function typeOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Errors of `value` against a resolved schema; [] when it is valid. */
export function validate(value: unknown, schema: Schema, at = '$'): string[] {
  const errors: string[] = [];
  const actual = typeOf(value);
  if (schema.type) {
    // Like WordPress: a list of types accepts any of them, then the keywords of the value's type apply.
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    const ok = types.some((t) =>
      t === 'number' ? actual === 'number' || actual === 'integer' : actual === t,
    );
    if (!ok) return [`${at}: expected ${types.join(' or ')}, got ${actual}`];
  }
  if (schema.enum && !schema.enum.includes(value))
    errors.push(`${at}: ${JSON.stringify(value)} is not one of ${schema.enum.join(', ')}`);
  if (typeof value === 'string') {
    if (schema.maxLength !== undefined && [...value].length > schema.maxLength)
      errors.push(`${at}: longer than ${schema.maxLength}`);
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) {
      errors.push(`${at}: ${JSON.stringify(value)} does not match ${schema.pattern}`);
    }
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) errors.push(`${at}: below ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) errors.push(`${at}: above ${schema.maximum}`);
  }
  if (Array.isArray(value)) {
    if (schema.maxItems !== undefined && value.length > schema.maxItems)
      errors.push(`${at}: more than ${schema.maxItems} items`);
    if (schema.items)
      value.forEach((item, i) => errors.push(...validate(item, schema.items as Schema, `${at}[${i}]`)));
  }
  if (actual === 'object' && schema.properties) {
    const obj = value as Record<string, unknown>;
    for (const [key, child] of Object.entries(obj)) {
      const sub = schema.properties[key];
      if (sub) errors.push(...validate(child, sub, `${at}.${key}`));
      else if (schema.additionalProperties === false) errors.push(`${at}: unknown property ${key}`);
    }
  }
  return errors;
}
