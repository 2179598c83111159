// The audio a record points to: call summaries (`asr-callsummary`, `nrc-callsummary`) carry an `audioUrn`
// per recognition in `data.callsummary.recognize[i]`, with the PCM's rate in
// `recognitionParameters.audioFormat`; some records also carry one `data.audioUrn`.
import { asObject, isCallSummary, type LogRecord } from './records';

export interface AudioRef {
  urn: string;
  /** As the record states it, e.g. `audio/L16;rate=16000`. */
  audioFormat?: string;
  /** From the audio format; undefined when the record does not say. */
  sampleRate?: number;
  durationMs?: number;
}

const KNOWN_RATES = [8000, 11025, 16000, 22050, 24000, 32000, 44100, 48000];

/** The sample rate an audio format names (`rate=16000`, `PCM 16000 Hz`, `{pcm:{sampleRateHz}}`…), if any. */
export function sampleRateOf(audioFormat: unknown): number | undefined {
  if (audioFormat && typeof audioFormat === 'object') return sampleRateOf(JSON.stringify(audioFormat));
  if (typeof audioFormat !== 'string') return undefined;
  for (const m of audioFormat.matchAll(/\d{4,5}/g)) {
    const n = Number(m[0]);
    if (KNOWN_RATES.includes(n)) return n;
  }
  if (/\b(ulaw|alaw|mulaw)\b/i.test(audioFormat)) return 8000;
  return undefined;
}

export function audioRefsOf(record: LogRecord): AudioRef[] {
  if (!isCallSummary(record)) return [];
  const data = asObject(record.value?.data);
  if (!data) return [];
  const refs: AudioRef[] = [];
  const recognize = asObject(data.callsummary)?.recognize;
  for (const item of Array.isArray(recognize) ? recognize : []) {
    const r = asObject(item);
    if (!r || typeof r.audioUrn !== 'string' || r.audioUrn === '') continue;
    const params = asObject(r.recognitionParameters);
    const audioFormat = typeof params?.audioFormat === 'string' ? params.audioFormat : undefined;
    refs.push({
      urn: r.audioUrn,
      audioFormat,
      sampleRate: sampleRateOf(params?.audioFormat),
      durationMs: typeof r.audioDurationMs === 'number' ? r.audioDurationMs : undefined,
    });
  }
  if (typeof data.audioUrn === 'string' && data.audioUrn !== '' && !refs.some((r) => r.urn === data.audioUrn)) {
    refs.push({
      urn: data.audioUrn,
      durationMs: typeof data.audioDurationMs === 'number' ? data.audioDurationMs : undefined,
    });
  }
  return refs;
}
