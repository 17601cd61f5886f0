// The field as the API sends it. Clients of the first release read these names, so every alias
// stays: field_type and type, is_required and validation_rules.required, min/max and options both
// at the top and in validation_rules. They are produced from the canonical field here and nowhere
// else, and never stored.
import * as z from 'zod/mini';
import { ADDRESS_PARTS } from '../fields/constants.ts';
import {
  conditionalLogicSchema,
  type FieldOf,
  type FormField,
  fieldSchema,
  fieldTypeSchema,
  hasEndLabels,
  optionsOf,
  rulesOf,
} from './field.ts';

export const wireOptionSchema = z.object({
  id: z.optional(z.string()),
  label: z.string(),
  value: z.string(),
  points: z.optional(z.number()),
  correct: z.optional(z.boolean()),
  /** A picture choice's picture (its id) and alt text. */
  image: z.optional(z.string()),
  alt: z.optional(z.string()),
});

export const wireFieldSchema = z.object({
  id: z.string(),
  label: z.string(),
  field_type: fieldTypeSchema,
  type: fieldTypeSchema,
  is_required: z.boolean(),
  position: z.number().check(z.int()),
  placeholder: z.optional(z.string()),
  help_text: z.optional(z.string()),
  default_value: z.optional(z.string()),
  validation_rules: z.record(z.string(), z.unknown()),
  options: z.optional(z.array(wireOptionSchema)),
  allow_other: z.optional(z.boolean()),
  min: z.optional(z.number()),
  max: z.optional(z.number()),
  is_hidden: z.optional(z.boolean()),
  is_read_only: z.optional(z.boolean()),
  parent_id: z.optional(z.nullable(z.string())),
  conditional_logic: z.optional(z.nullable(conditionalLogicSchema)),
  image_url: z.optional(z.string()),
  low_label: z.optional(z.string()),
  high_label: z.optional(z.string()),
  prefill: z.optional(z.object({ from_url: z.boolean(), param: z.optional(z.string()) })),
  expression: z.optional(z.string()),
  show_result: z.optional(z.boolean()),
  rows: z.optional(z.array(wireOptionSchema)),
  columns: z.optional(z.array(wireOptionSchema)),
  multiple: z.optional(z.boolean()),
  stars: z.optional(z.number()),
  half_stars: z.optional(z.boolean()),
  rank_top: z.optional(z.number()),
  default_country: z.optional(z.string()),
  parts: z.optional(z.array(z.enum(ADDRESS_PARTS))),
  required_parts: z.optional(z.array(z.enum(ADDRESS_PARTS))),
  start_label: z.optional(z.string()),
  end_label: z.optional(z.string()),
});
export type WireField = z.infer<typeof wireFieldSchema>;

type BaseProperty = Exclude<keyof FieldOf<'text'>, 'id' | 'type' | 'label' | 'position' | 'validation'>;

/**
 * The wire name of every optional property that all fields share. Adding one to the field fails
 * to compile until it is named here, and encode and decode below then carry it both ways.
 */
const WIRE_NAMES = {
  placeholder: 'placeholder',
  helpText: 'help_text',
  defaultValue: 'default_value',
  isHidden: 'is_hidden',
  isReadOnly: 'is_read_only',
  parentId: 'parent_id',
  conditionalLogic: 'conditional_logic',
} as const satisfies Record<Exclude<BaseProperty, 'prefill'>, keyof WireField>;
/** Prefill is an object whose keys change case on the wire, so it is carried apart. */
const BASE_PROPERTIES = Object.keys(WIRE_NAMES) as (keyof typeof WIRE_NAMES)[];

/** The field as the API sends it, aliases included. */
export function toWireField(field: FormField): WireField {
  const validation = rulesOf(field);
  const options = optionsOf(field);
  const wire: WireField = {
    id: field.id,
    label: field.label,
    field_type: field.type,
    type: field.type,
    is_required: validation.required === true,
    position: field.position,
    validation_rules: options ? { ...validation, options } : { ...validation },
  };
  for (const name of BASE_PROPERTIES) {
    if (field[name] !== undefined) Object.assign(wire, { [WIRE_NAMES[name]]: field[name] });
  }
  if (options) wire.options = options;
  if ('allowOther' in field && field.allowOther !== undefined) wire.allow_other = field.allowOther;
  if (validation.min !== undefined) wire.min = validation.min;
  if (validation.max !== undefined) wire.max = validation.max;
  if (field.type === 'image' && field.imageUrl !== undefined) wire.image_url = field.imageUrl;
  if (hasEndLabels(field) && field.lowLabel !== undefined) wire.low_label = field.lowLabel;
  if (hasEndLabels(field) && field.highLabel !== undefined) wire.high_label = field.highLabel;
  if (field.prefill) {
    const { fromUrl, param } = field.prefill;
    wire.prefill = param === undefined ? { from_url: fromUrl } : { from_url: fromUrl, param };
  }
  if (field.type === 'matrix') {
    wire.rows = field.rows;
    wire.columns = field.columns;
    if (field.multiple !== undefined) wire.multiple = field.multiple;
  }
  if (field.type === 'rating') {
    if (field.stars !== undefined) wire.stars = field.stars;
    if (field.halfStars !== undefined) wire.half_stars = field.halfStars;
  }
  if (field.type === 'ranking' && field.rankTop !== undefined) wire.rank_top = field.rankTop;
  if (field.type === 'picture_choice' && field.multiple !== undefined) wire.multiple = field.multiple;
  if ((field.type === 'phone' || field.type === 'address') && field.defaultCountry !== undefined)
    wire.default_country = field.defaultCountry;
  if (field.type === 'address') {
    if (field.parts !== undefined) wire.parts = field.parts;
    if (field.requiredParts !== undefined) wire.required_parts = field.requiredParts;
  }
  if (field.type === 'date_range') {
    if (field.startLabel !== undefined) wire.start_label = field.startLabel;
    if (field.endLabel !== undefined) wire.end_label = field.endLabel;
  }
  if (field.type === 'calculated') {
    wire.expression = field.expression;
    if (field.showResult !== undefined) wire.show_result = field.showResult;
  }
  return wire;
}

function withIds(list: z.infer<typeof wireOptionSchema>[] | undefined, prefix: string) {
  return list?.map((item, index) => ({ ...item, id: item.id ?? `${prefix}_${index + 1}` }));
}

/** The canonical field a wire field was made from (the names are fixed: no alias guessing). */
export function fromWireField(wire: WireField): FormField {
  const { options: _options, ...rules } = wire.validation_rules;
  const base = Object.fromEntries(BASE_PROPERTIES.map((name) => [name, wire[WIRE_NAMES[name]]]));
  return fieldSchema.parse({
    ...base,
    id: wire.id,
    type: wire.field_type,
    label: wire.label,
    position: wire.position,
    validation: { ...rules, required: wire.is_required },
    options: wire.options?.map((option, index) => ({ ...option, id: option.id ?? `option_${index + 1}` })),
    allowOther: wire.allow_other,
    imageUrl: wire.image_url,
    lowLabel: wire.low_label,
    highLabel: wire.high_label,
    prefill: wire.prefill && {
      fromUrl: wire.prefill.from_url,
      ...(wire.prefill.param !== undefined ? { param: wire.prefill.param } : {}),
    },
    expression: wire.expression,
    showResult: wire.show_result,
    rows: withIds(wire.rows, 'row'),
    columns: withIds(wire.columns, 'column'),
    multiple: wire.multiple,
    stars: wire.stars,
    halfStars: wire.half_stars,
    rankTop: wire.rank_top,
    defaultCountry: wire.default_country,
    parts: wire.parts,
    requiredParts: wire.required_parts,
    startLabel: wire.start_label,
    endLabel: wire.end_label,
  });
}

/**
 * A field on the wire: the server answers canonical fields and the serializer encodes them; the
 * web decodes a response back to canonical fields with the same schema.
 */
export const wireFieldCodec = z.codec(wireFieldSchema, fieldSchema, {
  decode: fromWireField,
  encode: toWireField,
});
