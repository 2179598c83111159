// `cstudio audio get <urn> -o file.wav`: downloads an utterance's audio (raw PCM from the audio API) and
// saves it as WAV, or as the raw PCM with --raw.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { UsageError } from '../command';
import { parseIntFlag } from '../args';
import { printJson } from '../output';
import { platformCommand } from '../platformCommand';
import { fetchAudioPcm, fetchAudioWav } from '../../core/logs/audio';

export const audioGet = platformCommand({
  path: ['audio', 'get'],
  summary: 'Download the audio of an utterance (the audioUrn of a call-summary record) as a WAV file.',
  synopsis:
    '<urn> -o FILE.wav [--rate HZ] [--raw]\n' +
    "  --rate HZ  sample rate, from the call summary's recognitionParameters.audioFormat (default: what the server states, else 8000)\n" +
    '  --raw      save the raw 16-bit PCM as received, without a WAV header',
  flags: { output: { type: 'string', short: 'o' }, rate: { type: 'string' }, raw: { type: 'boolean' } },
  args: ['urn'],
  input: ({ flags }) => {
    if (!flags.output) throw new UsageError('Missing -o FILE (where to save the audio).');
    return { output: flags.output, rate: parseIntFlag(flags.rate, 'rate', 1000) };
  },
  async run({ session, io, args, flags, input, json }) {
    const urn = args.urn;
    const file = resolve(io.cwd, input.output);
    if (flags.raw === true) {
      const { pcm, announcedRate } = await fetchAudioPcm(session.client.requester, urn, { signal: io.signal });
      await writeFile(file, pcm);
      if (json) printJson(io, { urn, file, bytes: pcm.byteLength, sampleRate: announcedRate ?? null });
      else io.stdout(`Saved ${pcm.byteLength} bytes of raw 16-bit PCM to ${file}.\n`);
      return 0;
    }
    const audio = await fetchAudioWav(session.client.requester, urn, { signal: io.signal, sampleRate: input.rate });
    await writeFile(file, audio.wav);
    if (audio.rateSource === 'default')
      io.stderr(
        `audio: the sample rate is unknown; assumed ${audio.sampleRate} Hz (pass --rate from the call summary's audioFormat).\n`,
      );
    if (json)
      printJson(io, {
        urn,
        file,
        bytes: audio.wav.byteLength,
        sampleRate: audio.sampleRate,
        durationMs: audio.durationMs,
      });
    else io.stdout(`Saved ${(audio.durationMs / 1000).toFixed(1)} s of ${audio.sampleRate} Hz audio to ${file}.\n`);
    return 0;
  },
});
