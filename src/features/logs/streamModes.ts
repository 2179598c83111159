// The three ways a stream can run, as the UI names them, and the LogStream options each one means.
import type { StartPosition } from '../../core/logs/startPositions';

export type StreamMode = 'follow' | 'beginning' | 'beginningUntilEnd';

export interface StreamModeInfo {
  readonly mode: StreamMode;
  readonly label: string;
  readonly detail: string;
  readonly start: StartPosition;
  readonly untilEnd: boolean;
}

export const STREAM_MODES: readonly StreamModeInfo[] = [
  {
    mode: 'follow',
    label: '$(debug-continue) Follow',
    detail: 'Only records written from now on, until you stop (tail).',
    start: { kind: 'latest' },
    untilEnd: false,
  },
  {
    mode: 'beginning',
    label: '$(history) From the beginning',
    detail: 'Every record still on the topic, then follow new ones.',
    start: { kind: 'beginning' },
    untilEnd: false,
  },
  {
    mode: 'beginningUntilEnd',
    label: '$(arrow-down) From the beginning until the end',
    detail: 'Every record on the topic now, then stop by itself.',
    start: { kind: 'beginning' },
    untilEnd: true,
  },
];

export function streamModeInfo(mode: StreamMode): StreamModeInfo {
  return STREAM_MODES.find((m) => m.mode === mode) ?? (STREAM_MODES[0] as StreamModeInfo);
}

export function isStreamMode(value: unknown): value is StreamMode {
  return STREAM_MODES.some((m) => m.mode === value);
}

/** How the header line describes the mode. */
export function describeMode(mode: StreamMode): string {
  switch (mode) {
    case 'follow':
      return 'following new records';
    case 'beginning':
      return 'from the beginning, then following';
    case 'beginningUntilEnd':
      return 'from the beginning until the end';
  }
}
