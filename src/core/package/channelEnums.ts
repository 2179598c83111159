// The platform's channel modes and colors, as the official CLI's enums name them (a package's metadata.json
// names the modes too). Shared like a file format: the sandbox checks requests against these lists and the
// extension offers them, so both sides speak the same vocabulary.

export const CHANNEL_MODES = ['AUDIO_SCRIPT', 'DTMF', 'INTERACTIVITY', 'RICH_TEXT', 'TTS'] as const;

/** The palette in the platform's order; `COLOR_UNSPECIFIED` (not in it) asks for the next free color. */
export const CHANNEL_COLORS = [
  'PURPLE',
  'LIGHT_ORANGE',
  'GREEN',
  'CORN_FLOWER',
  'PINK',
  'YELLOW',
  'TEAL',
  'LIGHT_GREY',
  'SALMON',
  'BROWN',
  'SKY',
  'GREY',
  'LIGHT_PURPLE',
  'RUBY',
  'LIGHT_GREEN',
  'BLUE',
  'LIGHT_PINK',
  'ORANGE',
  'CYAN',
  'INDIGO',
] as const;
