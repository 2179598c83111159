// Channel modes and colors as the platform names them (the official CLI's enums), and the questions that
// choose them.
import { CHANNEL_COLORS, CHANNEL_MODES } from '../../../../core/package/channelEnums';
import type { ChannelMode } from '../../../../core/platform/types';
import { answered, type Prompter } from '../../../../host/prompter';
import { humanize } from '../../icons';

export async function askModes(
  prompter: Prompter,
  title: string,
  current: readonly string[] = [],
): Promise<ChannelMode[]> {
  const modes = await answered(
    prompter.pickMany(
      CHANNEL_MODES.map((m) => ({ label: humanize(m), description: m, value: m, picked: current.includes(m) })),
      {
        title,
        placeholder: 'Modalities of the channel (at least one)',
      },
    ),
    title,
  );
  if (modes.length === 0) throw new Error('A channel needs at least one mode; nothing was changed.');
  return modes;
}

/** A color; `COLOR_UNSPECIFIED` lets the platform pick the next free one. */
export async function askColor(prompter: Prompter, title: string, current?: string): Promise<string> {
  return answered(
    prompter.pick(
      [
        ...(current
          ? [{ label: `Keep ${humanize(current)}`, description: current, value: current }]
          : [{ label: 'Any free color', description: 'COLOR_UNSPECIFIED', value: 'COLOR_UNSPECIFIED' }]),
        ...CHANNEL_COLORS.filter((c) => c !== current).map((c) => ({ label: humanize(c), description: c, value: c })),
      ],
      { title, placeholder: 'Color of the channel' },
    ),
    title,
  );
}
