// Utterance audio from the audio API (`GET {log_url}/api/v1/audio?urn=…`, token scope `log`), which
// returns raw PCM; `fetchAudioWav` wraps it for players and files. The sample rate comes from the caller
// (the call summary's `audioFormat`, see audioRefs.ts), else from the reply's media type when it names
// one, else 8000 Hz, the public collector's default.
import type { CallOptions, Requester } from '../platform/requester';
import { sampleRateOf } from './audioRefs';
import { pcmToWav } from './wav';

export const DEFAULT_SAMPLE_RATE = 8000;
const MAX_AUDIO_BYTES = 64 * 1024 * 1024;

export interface FetchedAudio {
  pcm: Uint8Array;
  /** The rate the reply's media type names, if it names one. */
  announcedRate?: number;
}

export interface WavAudio {
  wav: Buffer;
  sampleRate: number;
  /** Where the rate came from. */
  rateSource: 'caller' | 'server' | 'default';
  durationMs: number;
}

export async function fetchAudioPcm(
  requester: Requester,
  urn: string,
  options: CallOptions = {},
): Promise<FetchedAudio> {
  const download = await requester.download(
    {
      api: 'log',
      method: 'GET',
      path: '/api/v1/audio',
      query: { urn },
      resource: `audio ${urn}`,
      signal: options.signal,
    },
    { maxBytes: MAX_AUDIO_BYTES },
  );
  const pcm = await download.toBuffer();
  return { pcm, announcedRate: sampleRateOf(download.contentType) };
}

export async function fetchAudioWav(
  requester: Requester,
  urn: string,
  options: CallOptions & { sampleRate?: number } = {},
): Promise<WavAudio> {
  const { pcm, announcedRate } = await fetchAudioPcm(requester, urn, options);
  const sampleRate = options.sampleRate ?? announcedRate ?? DEFAULT_SAMPLE_RATE;
  const rateSource = options.sampleRate !== undefined ? 'caller' : announcedRate !== undefined ? 'server' : 'default';
  return {
    wav: pcmToWav(pcm, { sampleRate }),
    sampleRate,
    rateSource,
    durationMs: Math.round((pcm.byteLength / 2 / sampleRate) * 1000),
  };
}
