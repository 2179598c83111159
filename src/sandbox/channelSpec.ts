// The parsing of the channel parts of create/update requests, against the platform's channel modes and
// colors (core/package/channelEnums.ts).
import { randomUUID } from 'node:crypto';
import { CHANNEL_COLORS, CHANNEL_MODES } from '../core/package/channelEnums';
import { badRequest } from './errors';
import type { ChannelRecord } from './state';
import { requireDisplayName, requireEnum, requireObject, typeName, type JsonObject } from './validate';

/**
 * The spec's placeholder (platform-api.md, "Channel"): accepted and kept as sent, like the enum's zero value
 * on the real service, so a client sending the one mode the spec shows is not refused.
 */
export const MODE_PLACEHOLDER = 'MODE_UNSPECIFIED';
const ACCEPTED_MODES = [...CHANNEL_MODES, MODE_PLACEHOLDER] as const;
/** `COLOR_UNSPECIFIED` asks the sandbox to pick the next free color. */
const ACCEPTED_COLORS = ['COLOR_UNSPECIFIED', ...CHANNEL_COLORS] as const;

export function parseModes(value: unknown, field: string): string[] {
  if (!Array.isArray(value))
    throw badRequest(
      `Field "${field}" must be an array of modes (got ${typeName(value)}); allowed: ${CHANNEL_MODES.join(', ')}.`,
    );
  if (value.length === 0)
    throw badRequest(`Field "${field}" must name at least one mode: ${CHANNEL_MODES.join(', ')}.`);
  const modes = value.map((m, i) => requireEnum(m, ACCEPTED_MODES, `${field}[${i}]`));
  return [...new Set(modes)];
}

export function parseColor(value: unknown, field: string): string {
  return requireEnum(value, ACCEPTED_COLORS, field);
}

/** A concrete color: the requested one, or the first palette color no other channel of the project uses. */
export function resolveColor(requested: string | undefined, siblings: readonly ChannelRecord[]): string {
  if (requested && requested !== 'COLOR_UNSPECIFIED') return requested;
  const used = new Set(siblings.map((c) => c.color));
  return CHANNEL_COLORS.find((c) => !used.has(c)) ?? 'PURPLE';
}

/** `{displayName, modes, color?}` of a channel to create. */
export function parseNewChannel(raw: unknown, field: string, siblings: readonly ChannelRecord[]): ChannelRecord {
  const obj: JsonObject = requireObject(raw, field);
  const displayName = requireDisplayName(obj, 'displayName', 100);
  if (siblings.some((c) => c.displayName === displayName))
    throw badRequest(`A channel named "${displayName}" already exists in this project; choose another name.`);
  const modes = parseModes(obj.modes, `${field}.modes`);
  const color = resolveColor(obj.color === undefined ? undefined : parseColor(obj.color, `${field}.color`), siblings);
  return { id: randomUUID(), displayName, codeName: displayName, modes, color, isActive: true };
}
