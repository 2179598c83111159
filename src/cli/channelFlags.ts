// Channel flags of the CLI: `--modes dtmf,rich-text` and `--channel NAME:MODE[,MODE…]` (projects create).
// Mode names are the platform's enum (AUDIO_SCRIPT, DTMF, INTERACTIVITY, RICH_TEXT, TTS, and the spec's
// placeholder MODE_UNSPECIFIED), accepted in any case with `-` for `_` and mix-cli's short forms.
import { CHANNEL_MODES } from '../core/package/channelEnums';
import type { ChannelMode, ChannelRequest } from '../core/platform/types';
import { UsageError } from './command';

const MODES: readonly string[] = [...CHANNEL_MODES, 'MODE_UNSPECIFIED'];
const SHORT: Readonly<Record<string, string>> = { AUDIOSCRIPT: 'AUDIO_SCRIPT', RICHTEXT: 'RICH_TEXT' };

export function parseModes(text: string, flag: string): ChannelMode[] {
  const modes = text
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean)
    .map((m) => {
      const upper = m.toUpperCase().replace(/-/g, '_');
      const mode = SHORT[upper] ?? upper;
      if (!MODES.includes(mode)) throw new UsageError(`${flag}: unknown mode "${m}"; use ${MODES.join(', ')}.`);
      return mode;
    });
  if (modes.length === 0) throw new UsageError(`${flag} needs at least one mode, e.g. DTMF,TTS.`);
  return [...new Set(modes)];
}

/** `NAME:MODE[,MODE…]`; the name may itself contain `:` (the modes follow the last one). */
export function parseChannelSpec(spec: string): ChannelRequest {
  const at = spec.lastIndexOf(':');
  const name = at < 0 ? '' : spec.slice(0, at).trim();
  if (at < 0 || name === '')
    throw new UsageError(`--channel "${spec}": expected NAME:MODE[,MODE…], e.g. "Web:RICH_TEXT,TTS".`);
  return { displayName: name, modes: parseModes(spec.slice(at + 1), `--channel "${spec}"`) };
}
